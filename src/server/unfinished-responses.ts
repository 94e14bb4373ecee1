import type http from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The responses of each connection that are not finished, oldest first: the first is the one
 * being written, and the responses of pipelined requests wait behind it. A parser error is
 * answered by what the first has done. A response leaves when it finishes: kept after that, the
 * last response of every keep-alive connection (and its request) would live on, and every
 * young-generation collection would copy them, about 0.5 µs per call at 100 connections.
 */
const unfinished = new WeakMap<Duplex, http.ServerResponse[]>();

/** Adds `res` to its connection's unfinished responses, until it finishes. */
export function trackResponse(socket: Duplex, res: http.ServerResponse): void {
  const open = unfinished.get(socket);
  if (open) open.push(res);
  else unfinished.set(socket, [res]);
  res.on('finish', forgetFinished);
}

function forgetFinished(this: http.ServerResponse): void {
  const open = unfinished.get(this.req.socket);
  if (!open) return;
  // Responses finish in the order of their requests: this is the first, but look to be sure.
  const at = open.indexOf(this);
  if (at >= 0) open.splice(at, 1);
}

/** The connection's unfinished responses, oldest first; `undefined` before its first request. */
export function unfinishedResponses(socket: Duplex): readonly http.ServerResponse[] | undefined {
  return unfinished.get(socket);
}
