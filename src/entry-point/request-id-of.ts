import { validRequestId } from '../serialization/request-id';
import { newRequestId } from './new-request-id';
import type { SvcHeaderValues } from './svc-header-values';

/** The caller's request id when it is a valid one (see {@link validRequestId}), else a new UUID. */
export function requestIdOf(headers: Readonly<SvcHeaderValues>): string {
  return validRequestId(headers.requestId) ?? newRequestId();
}

export { validRequestId };
