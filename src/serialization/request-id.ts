const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** The caller's request id when it is 1–128 visible ASCII characters; `undefined` otherwise. */
export function validRequestId(value: string | undefined): string | undefined {
  return value !== undefined && REQUEST_ID.test(value) ? value : undefined;
}
