import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** What the deadline needs of a server: the answer each connection is writing, and a report. */
export interface WriteDeadline {
  readonly timeoutMs: number;
  /** The answer being written on `socket` (the oldest unfinished one), if any. */
  writing(socket: Duplex): http.ServerResponse | undefined;
  /** A connection was closed because it did not take its answer in time. */
  onTimeout?(): void;
}

/**
 * Closes every connection that has not taken the answer being written within `timeoutMs` of
 * the moment the answer started, so that clients that never read cannot hold answers in memory
 * without bound. One timer per server checks the connections at an eighth of the deadline (a
 * connection is closed between the deadline and a quarter more): nothing is added to a call, and
 * an answer written in full to the operating system before the next check is never looked at.
 */
export function watchWriteDeadline(server: http.Server, deadline: WriteDeadline): void {
  const sockets = new Set<Duplex>();
  /** When a check first saw each answer being written. */
  const seen = new WeakMap<http.ServerResponse, number>();
  server.on('connection', (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const check = () => {
    const now = performance.now();
    for (const socket of sockets) {
      const res = deadline.writing(socket);
      if (!res?.headersSent || res.writableFinished) continue;
      const since = seen.get(res);
      if (since === undefined) seen.set(res, now);
      else if (now - since >= deadline.timeoutMs) {
        // A reset, not a close: a close would leave the unsent answer to the operating system,
        // which would keep it, and the connection, for as long as the client does not read.
        if (socket instanceof net.Socket) socket.resetAndDestroy();
        else socket.destroy();
        deadline.onTimeout?.();
      }
    }
  };
  const timer = setInterval(check, Math.max(25, deadline.timeoutMs / 8)).unref();
  server.once('close', () => clearInterval(timer));
}
