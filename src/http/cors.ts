import { type CorsOptions } from '../microservices';
import { type HttpContext } from './http-context';

/** The resolved cross-origin policy of an entry point or a static-files microservice. */
export interface CorsPolicy {
  readonly origins: '*' | ReadonlySet<string>;
  /** The origins whose preflights also allow the claim headers; empty by default. */
  readonly credentialOrigins: ReadonlySet<string>;
  readonly maxAge: string;
  readonly allowMethods: string;
  readonly allowHeaders: string;
  /** `allowHeaders` with the claim headers, for a credential origin. */
  readonly credentialAllowHeaders: string;
  readonly exposeHeaders: string;
}

/** What a microservice type allows across origins: its methods, and the headers it reads and sets. */
export interface CorsNeeds {
  readonly methods: string;
  readonly allowHeaders: readonly string[];
  /** Headers allowed only from the credential origins. */
  readonly claimHeaders?: readonly string[];
  readonly exposeHeaders?: readonly string[];
}

/** Builds a policy from the configured options and what the microservice type needs. */
export function createCorsPolicy(options: CorsOptions, needs: CorsNeeds): CorsPolicy {
  const { methods, allowHeaders, claimHeaders = [], exposeHeaders = [] } = needs;
  const origins = options.origins ?? '*';
  const credentialOrigins = new Set(options.credentialOrigins ?? []);
  return {
    origins: origins === '*' ? '*' : new Set([...origins, ...credentialOrigins]),
    credentialOrigins,
    maxAge: String(options.maxAgeSeconds ?? 600),
    allowMethods: methods,
    allowHeaders: allowHeaders.join(', '),
    credentialAllowHeaders: [...allowHeaders, ...claimHeaders].join(', '),
    exposeHeaders: exposeHeaders.join(', '),
  };
}

/** Sets the origin headers of an actual response; returns false for an origin not allowed. */
export function applyCors(ctx: HttpContext, policy: CorsPolicy): boolean {
  const origin = ctx.req.headers.origin;
  const res = ctx.res;
  if (policy.origins === '*') {
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else {
    // The answer depends on Origin, whatever it is: shared caches must keep one per origin.
    ctx.vary('Origin');
    if (!origin) return true;
    if (!policy.origins.has(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
  }
  if (policy.exposeHeaders) res.setHeader('Access-Control-Expose-Headers', policy.exposeHeaders);
  return true;
}

/**
 * Answers a preflight: 204 with the allowed methods, headers and max age. The claim headers are
 * allowed only to a credential origin, so a browser sends them from no other origin's page.
 */
export function answerPreflight(ctx: HttpContext, policy: CorsPolicy): void {
  ctx.status = 204;
  if (!applyCors(ctx, policy)) return;
  const credentials = policy.credentialOrigins;
  if (credentials.size > 0 && policy.origins === '*') ctx.vary('Origin');
  const origin = ctx.req.headers.origin;
  const claims = origin !== undefined && credentials.has(origin);
  ctx.set('Access-Control-Allow-Methods', policy.allowMethods);
  ctx.set(
    'Access-Control-Allow-Headers',
    claims ? policy.credentialAllowHeaders : policy.allowHeaders,
  );
  ctx.set('Access-Control-Max-Age', policy.maxAge);
}
