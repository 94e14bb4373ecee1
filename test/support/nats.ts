import { findNatsServer } from '../../scripts/lib/nats-server';

/** True when nats-server is on PATH, so that the NATS placement and fault tests can run. */
export const NATS_AVAILABLE = findNatsServer() !== undefined;

/** CI sets `PORTICO_REQUIRE_NATS=1`: a missing nats-server is then a failure, not a skip. */
export const NATS_REQUIRED = process.env.PORTICO_REQUIRE_NATS === '1';

/**
 * Says loudly that `what` is skipped because nats-server is missing, or throws when CI requires it.
 * Returns whether the NATS tests can run.
 */
export function checkNats(what: string): boolean {
  if (NATS_AVAILABLE) return true;
  const message = `nats-server is not on PATH: ${what}`;
  if (NATS_REQUIRED) throw new Error(`${message}, but PORTICO_REQUIRE_NATS=1 requires them`);
  console.warn(
    `${'!'.repeat(78)}\n!! SKIPPED: ${message}.\n!! Install it (apt-get install nats-server) to run them.\n${'!'.repeat(78)}`,
  );
  return false;
}
