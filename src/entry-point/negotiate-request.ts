import { frameworkError } from '../errors';
import { headerLines } from '../http/header-lines';
import { type Negotiation, negotiate } from './negotiation';

/** The request headers that content negotiation reads, as Node parsed them. */
export interface NegotiatedHeaders {
  readonly 'content-type'?: string | undefined;
  readonly accept?: string | undefined;
}

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
  if (contentType === undefined || headerLines(rawHeaders, 'content-type') < 2) return outcome;
  const message = 'Content-Type is sent more than once: send it once';
  return {
    ok: false,
    format: outcome.format,
    error: frameworkError('UNSUPPORTED_MEDIA_TYPE', message),
  };
}
