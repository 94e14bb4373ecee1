import type { Logger } from 'pino';
import type { NatsReplica } from '../replica/nats-replica';
import type { ReplicaAdmin } from '../server/replica-admin';

/** How long a replica may take to finish its calls after SIGTERM, unless --drain-grace-ms says. */
export const DRAIN_GRACE_MS = 30_000;

/**
 * Drains the replica at the first SIGTERM or SIGINT; resolves with the exit code: 0 once drained,
 * 1 when it could not drain, or left when `graceMs` passed or a second signal came (the calls
 * still held answered first, docs/scaling-out.md).
 */
export function drainOnSignal(
  replica: NatsReplica,
  logger: Logger,
  admin: ReplicaAdmin | undefined,
  graceMs: number,
): Promise<number> {
  return new Promise((resolve) => {
    let draining = false;
    let timer: NodeJS.Timeout | undefined;
    /** Answers the calls still held, so that their callers know now, not at their deadline. */
    const leave = (why: string) => {
      clearTimeout(timer);
      replica
        .leave()
        .then(
          (left) => logger.warn(left, `${why}: the calls held were answered`),
          (error: unknown) => logger.error({ err: error }, 'leaving failed'),
        )
        .finally(() => resolve(1));
    };
    const onSignal = (signal: NodeJS.Signals) => {
      if (draining) {
        logger.warn({ signal, inFlight: replica.inFlight }, 'second signal: leaving at once');
        leave('second signal');
        return;
      }
      draining = true;
      admin?.markDraining();
      logger.info(
        { signal, inFlight: replica.inFlight },
        'draining: finishing the calls in flight',
      );
      timer = setTimeout(() => {
        logger.error({ inFlight: replica.inFlight, graceMs }, 'drain timed out');
        leave('drain timed out');
      }, graceMs);
      replica.drain().then(
        () => {
          clearTimeout(timer);
          logger.info('drained');
          resolve(0);
        },
        (error: unknown) => {
          clearTimeout(timer);
          logger.error({ err: error }, 'drain failed');
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
