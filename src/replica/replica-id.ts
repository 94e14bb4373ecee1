import { hostname } from 'node:os';
import { isReplicaId, MAX_REPLICA_ID_LENGTH, REPLICA_ID_RULE } from '../protocol/replica-id';

/**
 * The id of a replica that was given none: `<hostname>:<pid>`. The host name tells an operator
 * where the replica runs (in Kubernetes, the pod's name), the process id which of the replicas on
 * that host, as `ps` and the replica's `replica ready` log line show them. Characters outside the
 * id's rule become `-`, dots in a row one, and a long host name is cut so that the pid always fits.
 *
 * @example
 * defaultReplicaId('calc-7f9c-x2l4q', 1) // 'calc-7f9c-x2l4q:1'
 */
export function defaultReplicaId(host: string = hostname(), pid: number = process.pid): string {
  const suffix = `:${pid}`;
  const safe = host
    .replace(/[^A-Za-z0-9._:-]/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+/, '');
  return `${safe.slice(0, MAX_REPLICA_ID_LENGTH - suffix.length) || 'replica'}${suffix}`;
}

/** The id a replica names itself with: `given`, or the default; throws for one that breaks the rule. */
export function resolveReplicaId(given: string | undefined): string {
  if (given === undefined) return defaultReplicaId();
  if (!isReplicaId(given)) {
    throw new TypeError(
      `portico: the replica id ${JSON.stringify(given)} is not ${REPLICA_ID_RULE}`,
    );
  }
  return given;
}
