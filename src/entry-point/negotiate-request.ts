import { frameworkError } from '../errors';
import { headerLines } from '../http/header-lines';
import { type Negotiation, negotiate } from './negotiation';

/** The request headers that content negotiation reads, as Node parsed them. */
export interface NegotiatedHeaders {
  readonly 'content-type'?: string | undefined;
  readonly accept?: string | undefined;
  readonly origin?: string | undefined;
}

/**
 * A browser sends a request with no Content-Type and a safelisted Accept (`fetch` of a Blob in
 * `no-cors` mode) from a page of any origin without a preflight: with Origin, Content-Type is asked
 * for, so that no such page makes a call (SECURITY.md, Cross-origin calls; docs/design.md §7).
 */
const NO_TYPE_FROM_A_PAGE =
  'send Content-Type naming application/json or application/xml: a request with Origin needs it, ' +
  'so that no page of another origin can call without a preflight';

/**
 * {@link negotiate} for a request, from its parsed headers and its header lines: a Content-Type
 * sent on more than one line is a 415 in the family the first names. Node keeps the first line
 * alone, where a proxy in front may read the last, so that each would take the body for another
 * family (a JSON body that an XML filter let through, or the reverse).
 */
export function negotiateRequest(
  headers: NegotiatedHeaders,
  rawHeaders: readonly string[],
): Negotiation {
  const contentType = headers['content-type'];
  const outcome = negotiate(contentType, headers.accept);
  if (contentType === undefined) {
    if (headers.origin === undefined || !outcome.ok) return outcome;
    const error = frameworkError('UNSUPPORTED_MEDIA_TYPE', NO_TYPE_FROM_A_PAGE);
    return { ok: false, format: outcome.format, error };
  }
  if (headerLines(rawHeaders, 'content-type') < 2) return outcome;
  const message = 'Content-Type is sent more than once: send it once';
  return {
    ok: false,
    format: outcome.format,
    error: frameworkError('UNSUPPORTED_MEDIA_TYPE', message),
  };
}
