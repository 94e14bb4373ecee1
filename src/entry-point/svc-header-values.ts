import type { SVC_HEADER_SPELLING } from './svc-header-spelling';

type HeaderKey = keyof typeof SVC_HEADER_SPELLING;

/**
 * The values of a request's `X-SVC-*` headers, one field each, `undefined` for a header not sent.
 * A header sent twice holds both values joined by `, `, as Node's header object holds it, and
 * `repeated` names it.
 */
export class SvcHeaderValues implements Record<HeaderKey, string | undefined> {
  /** The lower-cased name of the first header sent on more than one line, if any. */
  repeated: string | undefined = undefined;
  apiId: string | undefined = undefined;
  privilegeNames: string | undefined = undefined;
  locale: string | undefined = undefined;
  sequenceName: string | undefined = undefined;
  requestId: string | undefined = undefined;
  sessionId: string | undefined = undefined;
  user: string | undefined = undefined;
  clientApplicationName: string | undefined = undefined;
  ip: string | undefined = undefined;

  /**
   * `value` after `before`, as Node joins a header's lines; a second line sets `repeated` to
   * `name`, lower-cased as each case of `store` matches it.
   */
  joined(name: string, before: string | undefined, value: string): string {
    if (before === undefined) return value;
    this.repeated ??= name;
    return `${before}, ${value}`;
  }
}

/** What a request without any `X-SVC-*` header reads: nothing. */
export const NO_SVC_HEADERS: Readonly<SvcHeaderValues> = new SvcHeaderValues();

function isSvcName(name: string): boolean {
  return (
    name.length > 6 &&
    name.charCodeAt(1) === 0x2d &&
    name.charCodeAt(5) === 0x2d &&
    (name.charCodeAt(0) | 0x20) === 0x78 &&
    (name.charCodeAt(2) | 0x20) === 0x73 &&
    (name.charCodeAt(3) | 0x20) === 0x76 &&
    (name.charCodeAt(4) | 0x20) === 0x63
  );
}

/**
 * Stores `value` in the field that the lower-cased header `name` names; false for a name that
 * names none. Named stores, one per case: a key chosen at run time would take V8's generic path.
 */
function store(v: SvcHeaderValues, name: string, value: string): boolean {
  switch (name) {
    case 'x-svc-api-id':
      v.apiId = v.joined(name, v.apiId, value);
      return true;
    case 'x-svc-privilege-names':
      v.privilegeNames = v.joined(name, v.privilegeNames, value);
      return true;
    case 'x-svc-locale':
      v.locale = v.joined(name, v.locale, value);
      return true;
    case 'x-svc-sequence-name':
      v.sequenceName = v.joined(name, v.sequenceName, value);
      return true;
    case 'x-svc-request-id':
      v.requestId = v.joined(name, v.requestId, value);
      return true;
    case 'x-svc-session-id':
      v.sessionId = v.joined(name, v.sessionId, value);
      return true;
    case 'x-svc-user':
      v.user = v.joined(name, v.user, value);
      return true;
    case 'x-svc-client-application-name':
      v.clientApplicationName = v.joined(name, v.clientApplicationName, value);
      return true;
    case 'x-svc-ip':
      v.ip = v.joined(name, v.ip, value);
      return true;
    default:
      return false;
  }
}

/**
 * Reads the `X-SVC-*` headers of a request from its raw header lines, in any case, in one pass:
 * the checks then read fields of one shape, where each lookup on Node's header object (a new
 * string as the key, an object of its own shape per request) takes V8's slowest path
 * (docs/history/performance-log.md, "libA XML against ROA JSON"). A name is tried as sent first,
 * and lower-cased only when that names no field: clients that send them lower-cased (HTTP/2,
 * fetch) skip the conversion. Without any such header, the values are {@link NO_SVC_HEADERS}.
 * test/unit/svc-header-values.test.ts holds each case below to Node's reading of every name of
 * `SVC_HEADER_SPELLING` (./svc-header-spelling.ts).
 */
export function svcHeaderValues(rawHeaders: readonly string[]): Readonly<SvcHeaderValues> {
  let v: SvcHeaderValues | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (!isSvcName(name)) continue;
    const value = rawHeaders[i + 1] as string;
    v ??= new SvcHeaderValues();
    if (!store(v, name, value)) store(v, name.toLowerCase(), value);
  }
  return v ?? NO_SVC_HEADERS;
}
