import { type CorsOptions } from '../microservices';
import { type ApiId } from '../protocol/envelope';
import { type SequenceName } from '../serialization/sequence';

/** What the permission resolver is asked: the caller's privilege names and the call's target. */
export interface PermissionRequest {
  readonly privilegeNames: readonly string[];
  readonly microservice: string;
  readonly service: string;
  readonly method: string;
  /** The other context headers (user, session, application, IP), unverified. */
  readonly headers: {
    readonly user?: string;
    readonly sessionId?: string;
    readonly clientApplicationName?: string;
    readonly ip?: string;
  };
}

/** Decides whether a call is privileged. The default grants nothing. */
export type PermissionResolver = (request: PermissionRequest) => boolean | Promise<boolean>;

/** The entry point section, `ENTRY_POINTS.WEB_SERVICE_FACADE_HTTP`. */
export interface EntryPointConfig {
  /** Mode when `X-SVC-API-ID` is absent. Default `ROA`. */
  readonly defaultApiId: ApiId;
  /** Sequence when `X-SVC-Sequence-Name` is absent. Default `libBParamArrayJsonInOutSequence`. */
  readonly defaultSequenceName: SequenceName;
  /** Largest accepted body in bytes; more is 413. Default 1 MiB. */
  readonly maxBodyBytes: number;
  /** How long a call may take before the caller gets 504. Default 30 000 ms. */
  readonly callTimeoutMs: number;
  /** Cross-origin settings for browsers, or `false` for none. Default: every origin. */
  readonly cors: CorsOptions | false;
  /** Locale when `X-SVC-Locale` is absent. Default `en`. */
  readonly defaultLocale: string;
  /** Decides `privileged` for each call. Default: never privileged. */
  readonly permissionResolver?: PermissionResolver;
  /** Deepest accepted nesting of JSON or XML. Default 64. */
  readonly maxDepth: number;
  /** Most arguments in an RMC body. Default 256. */
  readonly maxArgs: number;
  /**
   * Most calls one native microservice runs at once; one more is answered 503 `OVERLOADED` with
   * `Retry-After` instead of waiting. A microservice's own `maxConcurrentCalls` wins. Default 1024.
   */
  readonly maxConcurrentCalls: number;
}
