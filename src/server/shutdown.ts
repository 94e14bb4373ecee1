import type http from 'node:http';
import type { Logger } from 'pino';
import { type AdminServer } from './admin-server';
import { type InFlight } from './in-flight';
import { type Mounted } from './mount-microservices';
import { type Readiness } from './readiness';

/** What a main server's shutdown closes, in its order. */
export interface ShutdownParts {
  readonly readiness: Readiness;
  readonly drainDelayMs: number;
  readonly server: http.Server | undefined;
  readonly inFlight: InFlight;
  /** How long the calls in flight may take to finish: the call timeout and a second. */
  readonly graceMs: number;
  readonly routes: Mounted['routes'];
  readonly admin: AdminServer | undefined;
  readonly logger: Logger;
}

/**
 * Shuts a main server down gracefully: readiness turns false first, and after the drain delay the
 * server stops taking connections, lets the calls in flight finish (up to `graceMs`), then closes
 * every connection, every carrier and the admin server.
 */
export async function shutDown(parts: ShutdownParts): Promise<void> {
  const { readiness, drainDelayMs, server, inFlight, logger } = parts;
  // Load balancers see readiness turn false first, while calls are still served.
  readiness.phase = 'draining';
  if (drainDelayMs > 0 && server?.listening) {
    logger.info({ drainDelayMs }, 'readiness is false; closing after the drain delay');
    await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  }
  inFlight.close();
  const closed = server
    ? new Promise<void>((resolve) => server.close(() => resolve()))
    : Promise.resolve();
  server?.closeIdleConnections();
  await inFlight.settled(parts.graceMs);
  server?.closeAllConnections();
  await closed;
  await Promise.all([...parts.routes.values()].map(({ transport }) => transport.close()));
  await parts.admin?.close();
}
