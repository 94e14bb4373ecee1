import type { Logger } from 'pino';
import { type CallEnvelope } from '../../protocol/envelope';

/** How many replica and method pairs are warned of, so that the set cannot grow without end. */
const MAX_WARNED = 1_000;

/**
 * What a main server does when a replica of `microservice` answers METHOD_NOT_FOUND: when the
 * method is one it serves (`known`), the replica runs an earlier version of the microservice, and
 * that is logged at warn, once per replica and method (docs/scaling-out.md).
 */
export function missingMethods(
  microservice: string,
  known: (service: string, method: string) => boolean,
  logger: Logger,
): (replica: string | undefined, envelope: CallEnvelope) => void {
  const warned = new Set<string>();
  return (replica, { service, method }) => {
    if (!known(service, method) || warned.size >= MAX_WARNED) return;
    const key = `${replica ?? ''} ${service}/${method}`;
    if (warned.has(key)) return;
    warned.add(key);
    logger.warn(
      { microservice, replica, method: `${service}/${method}` },
      'a replica does not have a method that this main server serves',
    );
  };
}
