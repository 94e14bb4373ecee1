import net from 'node:net';
import { parseResponse, type RawAnswer } from './raw-http';

/** One persistent connection that sends requests one after another and reads their answers. */
export interface KeepAliveConnection {
  /** Sends `request` and resolves with its answer (status 0 when the connection closed first). */
  request(request: string | Buffer): Promise<RawAnswer>;
  /** True until the connection closed. */
  readonly open: boolean;
  /** Resolves when the connection closed. */
  readonly closed: Promise<void>;
  destroy(): void;
}

/** Opens a persistent connection to the server at `baseUrl`. */
export async function openKeepAlive(baseUrl: string): Promise<KeepAliveConnection> {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let open = true;
  let waiting: ((closedNow: boolean) => void) | undefined;
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    waiting?.(false);
  });
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      open = false;
      waiting?.(true);
      resolve();
    }),
  );
  return {
    request(request) {
      return new Promise((resolve) => {
        waiting = (closedNow) => {
          const parsed = parseResponse(buffer, closedNow);
          if (!parsed && !closedNow) return;
          waiting = undefined;
          if (!parsed) {
            resolve({ status: 0, headers: {}, body: '', closed: true });
            return;
          }
          buffer = buffer.subarray(parsed.length);
          resolve(parsed.answer);
        };
        if (!open) waiting(true);
        else socket.write(request);
      });
    },
    get open() {
      return open;
    },
    closed,
    destroy: () => socket.destroy(),
  };
}
