import { type EntryPointConfig } from '../entry-point/config';
import { type MicroserviceDefinition, type Placement } from '../microservices';
import { LIMIT_DEFAULTS } from '../protocol/limit-defaults';

/** HTTP server limits against slow or oversized requests. */
export interface HttpLimits {
  /** Time to receive all request headers. Default 10 000 ms. */
  readonly headersTimeoutMs: number;
  /** Time to receive the whole request, body included. Default 30 000 ms. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. Default 5 000 ms. */
  readonly keepAliveTimeoutMs: number;
  /** Largest request head (request line and headers) in bytes; more is 431. Default 16 384. */
  readonly maxHeaderBytes: number;
  /** Most header lines in a request; more is 431. Default 100. */
  readonly maxHeaderCount: number;
  /** Time a client has to take an answer once it starts; then the connection closes. Default 30 000 ms. */
  readonly writeTimeoutMs: number;
}

/** Log levels, from the loudest to none. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a wrong log level is told: `<name> must be one of trace, …, fatal or silent, got "x"`. */
export function logLevelError(name: string, given: unknown): string {
  const levels = `${LOG_LEVELS.slice(0, -1).join(', ')} or ${LOG_LEVELS.at(-1)}`;
  return `${name} must be one of ${levels}, got ${JSON.stringify(given)}`;
}

/** Whether `value` is one of {@link LOG_LEVELS}. */
export function isLogLevel(value: unknown): value is LogLevel {
  return (LOG_LEVELS as readonly unknown[]).includes(value);
}

/** Where the admin routes listen when they have a port of their own. */
export interface AdminPlacement {
  /** The admin port; 0 picks a free one. */
  readonly port: number;
  /** Default: the main server's host (every interface unless it names one). */
  readonly host?: string;
}

/** The configuration of a main server. */
export interface MainServerConfig {
  /** Listening port. Default 8082; the `PORT` environment variable overrides it in `portico start`. */
  readonly port?: number;
  readonly host?: string;
  readonly microservices: readonly MicroserviceDefinition[];
  /**
   * Where every native microservice runs that names no placement of its own. Default
   * `'in-process'`; `{ nats: { servers: ['nats://127.0.0.1:4222'] } }` sends them all over NATS.
   */
  readonly placement?: Placement;
  readonly ENTRY_POINTS?: { readonly WEB_SERVICE_FACADE_HTTP?: Partial<EntryPointConfig> };
  readonly http?: Partial<HttpLimits>;
  /** Default `info`; the `LOG_LEVEL` environment variable overrides it in `portico start`. */
  readonly logLevel?: LogLevel;
  /** Where log lines go. Default standard output. */
  readonly logStream?: { write(line: string): unknown };
  /** Development mode shows unexpected errors' messages and stacks to callers. Default off. */
  readonly development?: boolean;
  /** Count calls and serve them in Prometheus text at `GET /-/metrics`. Default off. */
  readonly metrics?: boolean;
  /**
   * Open an OpenTelemetry server span per call, through `@opentelemetry/api` and the SDK the
   * application registers, and carry its context to NATS replicas. Default off.
   */
  readonly tracing?: boolean;
  /**
   * On shutdown, how long `GET /-/ready` answers 503 while calls are still served, before the
   * server stops taking connections: at least the load balancer's probe interval times its failure
   * threshold, so that it stops sending first. Default 0.
   */
  readonly drainDelayMs?: number;
  /**
   * Serve `/-/live`, `/-/ready` and `/-/metrics` on this port (and host) only, not on the public
   * port, which then answers them 404. Default: on the public port.
   */
  readonly admin?: AdminPlacement;
}

/** Defaults of the entry point section. */
export const ENTRY_POINT_DEFAULTS: EntryPointConfig = {
  defaultApiId: 'ROA',
  defaultSequenceName: 'libBParamArrayJsonInOutSequence',
  maxBodyBytes: LIMIT_DEFAULTS.maxBodyBytes,
  callTimeoutMs: LIMIT_DEFAULTS.callTimeoutMs,
  cors: { origins: '*', maxAgeSeconds: 600 },
  defaultLocale: 'en',
  maxDepth: LIMIT_DEFAULTS.maxDepth,
  maxArgs: LIMIT_DEFAULTS.maxArgs,
  maxConcurrentCalls: LIMIT_DEFAULTS.maxConcurrentCalls,
};

/** Defaults of the HTTP limits. */
export const HTTP_DEFAULTS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  maxHeaderCount: 100,
  writeTimeoutMs: 30_000,
};

/** The default port of a main server. */
export const DEFAULT_PORT = 8082;
