import type Koa from 'koa';
import { type Class } from './decorators/types';
import { type SequenceName, type SequenceSerializer } from './serialization/sequence';

/** The files of a TLS connection to NATS; giving any of them (or `{}`) makes TLS required. */
export interface NatsTlsOptions {
  /** The CA that signed the server's certificate, when it is not one the system trusts. */
  readonly caFile?: string;
  /** The client certificate, for a server that verifies clients (`verify: true`). */
  readonly certFile?: string;
  /** The key of the client certificate. */
  readonly keyFile?: string;
}

/** How to reach NATS and prove who is connecting: what a placement and a replica both take. */
export interface NatsConnectionOptions {
  /** Server URLs. `nats://user:password@host:port` and `nats://token@host:port` are understood. */
  readonly servers: readonly string[];
  readonly token?: string;
  readonly user?: string;
  readonly password?: string;
  /** A file holding an NKey seed (`SU…`), for a server that lists the user's public NKey. */
  readonly nkeySeedFile?: string;
  /** A `.creds` file (user JWT and NKey seed), for a server in operator (JWT) mode. */
  readonly credsFile?: string;
  /** TLS settings; `true` or an object requires TLS. */
  readonly tls?: boolean | NatsTlsOptions;
  /** The prefix of the reply inboxes (default `_INBOX`); give each user its own. */
  readonly inboxPrefix?: string;
  /**
   * How often the client pings its NATS server, in ms, from 100 to 2147483647. Default 1 000
   * (docs/faults.md, "A hung NATS node").
   */
  readonly pingIntervalMs?: number;
  /**
   * How many pings may go unanswered: at the next one the server is taken for hung, dropped and
   * another node tried. A whole number from 1 to 1000; default 3.
   */
  readonly maxPingsOut?: number;
}

/** Where a native microservice runs. `'in-process'` is the embedded default. */
export type Placement = 'in-process' | { readonly nats: NatsPlacement };

/**
 * The NATS placement: the servers to reach, the credentials and TLS settings to reach them with,
 * and how long a connection may take.
 */
export interface NatsPlacement extends NatsConnectionOptions {
  /** The subject prefix; replicas of microservice `m` answer on `${prefix}.m`. Default `portico`. */
  readonly subjectPrefix?: string;
  /** How long the main server keeps trying its first connection before `listen` fails. Default 10 000 ms. */
  readonly connectTimeoutMs?: number;
}

/** A microservice whose remotely enabled services are reached through the entry point. */
export interface NativeAppDefinition {
  readonly type: 'nativeApp';
  readonly name: string;
  /** `@RemoteService` classes (constructed with no arguments) or instances of them. */
  readonly services: readonly (Class | object)[];
  /** Application-defined serializers; each always wins for its sequence. */
  readonly serializers?: Partial<Record<SequenceName, SequenceSerializer>>;
  /** Skip payload fields that a class does not declare instead of answering 400. */
  readonly ignoreUnknownFields?: boolean;
  readonly placement?: Placement;
  /**
   * Most calls of this microservice running at once; one more gets 503 `OVERLOADED`. Default the
   * entry point's `maxConcurrentCalls` (1024).
   */
  readonly maxConcurrentCalls?: number;
}

/** A microservice that handles every request under `/{name}/` itself; the entry point never applies. */
export interface ServletAppDefinition {
  readonly type: 'servletApp';
  readonly name: string;
  /** A Koa application, or a Koa middleware; it sees paths with `/{name}` removed. */
  readonly app: Koa | Koa.Middleware;
}

/** Cross-origin settings. */
export interface CorsOptions {
  /** Allowed origins: `'*'` (the default) or a list of exact origins. */
  readonly origins?: '*' | readonly string[];
  /**
   * The exact origins (`https://app.example`) whose pages may also send, across origins, the
   * claims that the permission resolver is shown: `X-SVC-Privilege-Names`, `X-SVC-User`,
   * `X-SVC-Session-ID`, `X-SVC-Client-Application-Name` and `X-SVC-IP`. They are allowed origins
   * too. Default none: no other origin's page can make a call that claims a privilege.
   */
  readonly credentialOrigins?: readonly string[];
  /** How long a browser may cache a preflight answer. Default 600. */
  readonly maxAgeSeconds?: number;
}

/** The files of one directory under `/{name}/`. */
export interface StaticFilesDefinition {
  readonly type: 'staticFiles';
  readonly name: string;
  readonly dir: string;
  /** `true` for cross-origin access from anywhere, or the {@link CorsOptions}. */
  readonly cors?: boolean | CorsOptions;
}

/** Any microservice a main server can host. */
export type MicroserviceDefinition =
  | NativeAppDefinition
  | ServletAppDefinition
  | StaticFilesDefinition;

/**
 * Declares a native microservice.
 *
 * @example
 * export default nativeApp({ name: 'calc', services: [MultiplierService, CalculatorService] });
 */
export function nativeApp(definition: Omit<NativeAppDefinition, 'type'>): NativeAppDefinition {
  return { type: 'nativeApp', ...definition };
}

/** Declares a servlet microservice that receives every request under its name. */
export function servletApp(definition: Omit<ServletAppDefinition, 'type'>): ServletAppDefinition {
  return { type: 'servletApp', ...definition };
}

/** Declares a static-files microservice. */
export function staticFiles(
  definition: Omit<StaticFilesDefinition, 'type'>,
): StaticFilesDefinition {
  return { type: 'staticFiles', ...definition };
}
