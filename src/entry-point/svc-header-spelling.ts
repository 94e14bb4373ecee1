/** The request headers of the entry point, as browsers and documents spell them. */
export const SVC_HEADER_SPELLING = {
  apiId: 'X-SVC-API-ID',
  privilegeNames: 'X-SVC-Privilege-Names',
  locale: 'X-SVC-Locale',
  sequenceName: 'X-SVC-Sequence-Name',
  requestId: 'X-SVC-Request-ID',
  sessionId: 'X-SVC-Session-ID',
  user: 'X-SVC-User',
  clientApplicationName: 'X-SVC-Client-Application-Name',
  ip: 'X-SVC-IP',
} as const;

type HeaderKey = keyof typeof SVC_HEADER_SPELLING;

/** Every `X-SVC-*` header name, in the order of the specification. */
export const SVC_HEADER_NAMES = Object.values(
  SVC_HEADER_SPELLING,
) as readonly (typeof SVC_HEADER_SPELLING)[HeaderKey][];

/**
 * The claims that the permission resolver is shown. A browser sends them across origins only from
 * the configured credential origins (SECURITY.md, "Cross-origin calls").
 */
export const CLAIM_HEADER_NAMES = [
  SVC_HEADER_SPELLING.privilegeNames,
  SVC_HEADER_SPELLING.user,
  SVC_HEADER_SPELLING.sessionId,
  SVC_HEADER_SPELLING.clientApplicationName,
  SVC_HEADER_SPELLING.ip,
] as const;

/** The same headers lower-cased, as Node gives them. */
export const SVC_HEADERS = Object.fromEntries(
  Object.entries(SVC_HEADER_SPELLING).map(([key, name]) => [key, name.toLowerCase()]),
) as { readonly [K in HeaderKey]: string };
