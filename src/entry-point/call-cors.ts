import { applyCors, type CorsPolicy, createCorsPolicy } from '../http/cors';
import { type HttpContext } from '../http/http-context';
import { type CorsOptions } from '../microservices';
import { CLAIM_HEADER_NAMES, SVC_HEADER_NAMES } from './svc-header-spelling';

const isNoClaim = (name: string) => !(CLAIM_HEADER_NAMES as readonly string[]).includes(name);

/** The cross-origin policy of the entry point's calls, when `cors` is configured. */
export function createCallCors(options: CorsOptions | false): CorsPolicy | undefined {
  if (!options) return undefined;
  return createCorsPolicy(options, {
    methods: 'POST, OPTIONS',
    allowHeaders: ['Content-Type', 'Accept', ...SVC_HEADER_NAMES.filter(isNoClaim)],
    claimHeaders: CLAIM_HEADER_NAMES,
    exposeHeaders: ['X-SVC-Request-ID'],
  });
}

/**
 * Sets the origin headers of an answer of the entry point (a reply or an error envelope). Without
 * Origin no browser reads the answer across origins: with every origin allowed (no Vary to keep),
 * a call of a script or a proxy then does no CORS work at all.
 */
export function applyCallCors(ctx: HttpContext, cors: CorsPolicy | undefined): void {
  if (cors && (ctx.req.headers.origin !== undefined || cors.origins !== '*')) applyCors(ctx, cors);
}
