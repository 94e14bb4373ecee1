import { headerValue, privilegeNamesValue } from './header-values';
import { type CallOptions, createRemoteProxy } from './remote-proxy';
import { sendRequest } from './send-request';
import { type Client, type DatePathTable, type DatesOption } from './types';
import {
  apiIdFor,
  argumentText,
  CLIENT_SEQUENCE,
  httpError,
  readResult,
  withRequestId,
} from './wire';

/** The call context a client claims on every call; each becomes its `X-SVC-*` header. */
export interface ContextHeaders {
  readonly locale?: string;
  readonly sessionId?: string;
  readonly user?: string;
  readonly clientApplicationName?: string;
  readonly ip?: string;
  readonly privilegeNames?: readonly string[];
}

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Where the main server listens: `http://localhost:8082`, or `''` for the page's own origin. */
  readonly baseUrl: string;
  readonly microservice: string;
  readonly service: string;
  /** Context headers sent with every call. */
  readonly headers?: ContextHeaders;
  /** The only sequence a client speaks today; the others need the types' names at runtime. */
  readonly sequence?: typeof CLIENT_SEQUENCE;
  /** The default wait for an answer, in ms; none by default (the server's deadline applies). */
  readonly timeoutMs?: number;
  /** The `fetch` to use; default the global one. */
  readonly fetch?: typeof fetch;
}

const HEADER_NAMES = {
  locale: 'X-SVC-Locale',
  sessionId: 'X-SVC-Session-ID',
  user: 'X-SVC-User',
  clientApplicationName: 'X-SVC-Client-Application-Name',
  ip: 'X-SVC-IP',
} as const;

/**
 * A typed client of one service over HTTP, from the service's type alone: it loads no code of the
 * service, and none of Node's, so it runs in browsers too.
 *
 * @example
 * import type { CalculatorService } from './calc/calculator.service';
 * const calculator = createClient<CalculatorService>({
 *   baseUrl: 'http://localhost:8082', microservice: 'calc', service: 'calculator',
 * });
 * const { result } = await calculator.add({ a: 7, b: 2 });
 */
export function createClient<S>(options: ClientOptions & DatesOption<S>): Client<S> {
  checkBaseUrl(options.baseUrl);
  const base = `${options.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.microservice)}/${encodeURIComponent(options.service)}/`;
  const headers = contextHeaders(options.headers ?? {});
  if (options.sequence) headers['X-SVC-Sequence-Name'] = options.sequence;
  const dates = options.dates as DatePathTable | undefined;
  const defaults: CallOptions =
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  return createRemoteProxy<Client<S>>(async (method, args, call) => {
    const apiId = apiIdFor(args);
    const body = apiId === 'ROA' ? argumentText(args[0]) : `[${args.map(argumentText).join(',')}]`;
    const request: RequestInit = {
      method: 'POST',
      headers: { ...headers, 'X-SVC-API-ID': apiId, ...requestIdHeader(call) },
      body,
    };
    const url = `${base}${encodeURIComponent(method)}`;
    const answer = await sendRequest({ fetcher: options.fetch ?? fetch, url, request }, call);
    if (answer.status >= 300) throw httpError(answer.status, answer.text, answer.requestId);
    const paths = dates?.[method];
    const text = answer.status === 204 ? null : answer.text;
    try {
      return readResult(text, paths && Object.keys(paths), `the HTTP ${answer.status} answer`);
    } catch (error) {
      throw withRequestId(error, answer.requestId);
    }
  }, defaults);
}

/** A `baseUrl` that `fetch` would refuse is a `TypeError` now, not a network error at each call. */
function checkBaseUrl(baseUrl: string): void {
  if (baseUrl === '') return;
  const protocol = URL.canParse(baseUrl) ? new URL(baseUrl).protocol : undefined;
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError(
      `baseUrl ${JSON.stringify(baseUrl)} is not an http(s) URL: give one, or ''`,
    );
  }
}

function contextHeaders(context: ContextHeaders): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  for (const [field, name] of Object.entries(HEADER_NAMES)) {
    const value = context[field as keyof typeof HEADER_NAMES];
    if (value !== undefined) headers[name] = headerValue(name, value);
  }
  if (context.privilegeNames) {
    headers['X-SVC-Privilege-Names'] = privilegeNamesValue(context.privilegeNames);
  }
  return headers;
}

function requestIdHeader(call: CallOptions): Record<string, string> {
  const name = 'X-SVC-Request-ID';
  return call.requestId === undefined ? {} : { [name]: headerValue(name, call.requestId) };
}
