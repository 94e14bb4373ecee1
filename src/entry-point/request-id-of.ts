import { newRequestId } from './new-request-id';
import type { SvcHeaderValues } from './svc-header-values';

const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** The caller's request id when it is a valid one (see {@link validRequestId}), else a new UUID. */
export function requestIdOf(headers: Readonly<SvcHeaderValues>): string {
  return validRequestId(headers.requestId) ?? newRequestId();
}

/** The caller's request id when it is 1–128 visible ASCII characters; `undefined` otherwise. */
export function validRequestId(value: string | undefined): string | undefined {
  return value !== undefined && REQUEST_ID.test(value) ? value : undefined;
}
