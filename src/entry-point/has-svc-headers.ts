import type { IncomingHttpHeaders } from 'node:http';

/** What the header lookups of a request without any `X-SVC-*` header read: nothing. */
export const NO_SVC_HEADERS: IncomingHttpHeaders = Object.freeze({});

/**
 * Whether a header line names an `X-SVC-*` header, in any case. Without one, every lookup of
 * `readCallHeaders` (./headers.ts) misses, and each miss on Node's header object takes V8's slow
 * path: reading {@link NO_SVC_HEADERS} instead gives the same defaults for fewer instructions.
 */
export function hasSvcHeaders(rawHeaders: readonly string[]): boolean {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (
      name.length > 6 &&
      name.charCodeAt(1) === 0x2d &&
      name.charCodeAt(5) === 0x2d &&
      (name.charCodeAt(0) | 0x20) === 0x78 &&
      (name.charCodeAt(2) | 0x20) === 0x73 &&
      (name.charCodeAt(3) | 0x20) === 0x76 &&
      (name.charCodeAt(4) | 0x20) === 0x63
    ) {
      return true;
    }
  }
  return false;
}
