import type http from 'node:http';
import type { Logger } from 'pino';
import { endWith, rawErrorResponse } from '../serialization/raw-error-response';
import { type AdminServer } from './admin-server';
import { type InFlight } from './in-flight';
import { type Mounted } from './mount-microservices';
import { answerShape } from './raw-refusals';
import { type Readiness } from './readiness';

/** What a main server's shutdown closes, in its order. */
export interface ShutdownParts {
  readonly readiness: Readiness;
  readonly drainDelayMs: number;
  readonly server: http.Server | undefined;
  readonly inFlight: InFlight;
  /** How long the calls in flight may take to finish: the call timeout and a second. */
  readonly graceMs: number;
  /**
   * The drain grace: how long the whole shutdown may take, the drain delay included, before the
   * requests still in flight are answered `SERVER_LEFT`; without it, the drain delay and `graceMs`.
   */
  readonly drainGraceMs?: number | undefined;
  readonly routes: Mounted['routes'];
  readonly admin: AdminServer | undefined;
  readonly logger: Logger;
}

/** The answer to a request still held when the drain grace ends (docs/operating.md). */
export const SERVER_LEFT_MESSAGE =
  'the main server shut down before it answered (its drain grace ended): the call may have run';

/**
 * Shuts a main server down gracefully: readiness turns false first, and after the drain delay the
 * server stops taking connections, lets the calls in flight finish (up to `graceMs`, or until the
 * drain grace ends), answers those still held, then closes every connection, every carrier and
 * the admin server. Resolves with the number of requests that were still held.
 */
export async function shutDown(parts: ShutdownParts): Promise<number> {
  const { readiness, drainDelayMs, server, inFlight, logger, drainGraceMs } = parts;
  const endsAt = drainGraceMs === undefined ? undefined : Date.now() + drainGraceMs;
  const left = (ms: number) => (endsAt === undefined ? ms : Math.max(0, endsAt - Date.now()));
  // Load balancers see readiness turn false first, while calls are still served.
  readiness.phase = 'draining';
  if (drainDelayMs > 0 && server?.listening) {
    logger.info({ drainDelayMs }, 'readiness is false; closing after the drain delay');
    await new Promise((resolve) => setTimeout(resolve, Math.min(drainDelayMs, left(drainDelayMs))));
  }
  inFlight.close();
  const closed = server
    ? new Promise<void>((resolve) => server.close(() => resolve()))
    : Promise.resolve();
  server?.closeIdleConnections();
  await inFlight.settled(endsAt === undefined ? parts.graceMs : left(0));
  const held = inFlight.held();
  if (held.length > 0) {
    logger.error({ held: held.length, graceMs: drainGraceMs ?? parts.graceMs }, 'drain timed out');
    await Promise.all(held.map(answerLeft));
  }
  server?.closeAllConnections();
  await closed;
  await Promise.all([...parts.routes.values()].map(({ transport }) => transport.close()));
  await parts.admin?.close();
  return held.length;
}

/**
 * Answers a request still held `SERVER_LEFT` on its socket, where no byte of its answer went yet
 * and it is the connection's current one; resolves once the socket closed (within a second).
 */
function answerLeft(res: http.ServerResponse): Promise<void> {
  const socket = res.socket;
  if (!socket || res.headersSent || !socket.writable) return Promise.resolve();
  const shape = answerShape(res.req);
  const given = res.getHeader('X-SVC-Request-ID');
  const requestId = typeof given === 'string' ? given : shape.requestId;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  endWith(socket, rawErrorResponse('SERVER_LEFT', SERVER_LEFT_MESSAGE, { ...shape, requestId }));
  return closed;
}
