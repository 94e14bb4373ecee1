import { STATUS_CODES } from 'node:http';

/**
 * The envelope code of a status that middleware threw or set: `INTERNAL_ERROR` for 500, else the
 * status's name as HTTP gives it, in capitals with underscores (401 `UNAUTHORIZED`, 429
 * `TOO_MANY_REQUESTS`, 403 `FORBIDDEN`, the table's own code for that status).
 */
export function codeOfStatus(status: number): string {
  if (status === 500) return 'INTERNAL_ERROR';
  const name = STATUS_CODES[status] ?? String(status);
  return name
    .replace(/'/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');
}

/**
 * The code of an answer whose status middleware may have set after the call (`ctx.status = 503`,
 * no throw): the call's own `code` while the status is the one it `answered`, else the status's
 * own (see {@link codeOfStatus}), none below 400.
 */
export function codeAfter(status: number, answered: number, code?: string): string | undefined {
  if (status === answered) return code;
  return status < 400 ? undefined : codeOfStatus(status);
}
