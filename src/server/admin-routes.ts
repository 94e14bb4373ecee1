import type Koa from 'koa';
import { type CallMetrics } from '../observability/call-metrics';
import { answerAdminError } from './admin-error';
import { type Readiness } from './readiness';

/**
 * The first path segment of the admin routes. No microservice may have this name, so the routes
 * cannot collide with `/{microservice}/…`.
 */
export const ADMIN_PREFIX = '-';

/** What the admin routes answer from. */
export interface AdminRoutesOptions {
  readonly readiness: Readiness;
  /** The metrics, when they are on; `/-/metrics` is 404 otherwise. */
  readonly metrics: CallMetrics | undefined;
}

/** Answers one request for an admin route; `rest` is the path after `/-`. */
export type AdminRoutes = (ctx: Koa.Context, rest: string) => Promise<void>;

/**
 * Answers `GET /-/live` (200 while the process serves HTTP), `GET /-/ready` (200 when ready, 503
 * with the reasons otherwise) and `GET /-/metrics` (Prometheus text). `rest` is the path after
 * `/-`.
 */
export function createAdminRoutes(options: AdminRoutesOptions): AdminRoutes {
  const { readiness, metrics } = options;
  return async (ctx, rest) => {
    ctx.set('Cache-Control', 'no-store');
    const route = rest === '/live' || rest === '/ready' || (rest === '/metrics' && metrics);
    // 405 only where GET finds something: a path that is no route is 404 whatever the method.
    if (route && ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      answerAdminError(ctx, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed: use GET`);
    } else if (rest === '/live') {
      reply(ctx, 200, { status: 'live' });
    } else if (rest === '/ready') {
      const report = await readiness.check();
      const status = report.ready ? 'ready' : 'not ready';
      reply(ctx, report.ready ? 200 : 503, {
        status,
        phase: report.phase,
        reasons: report.reasons,
      });
    } else if (rest === '/metrics' && metrics) {
      ctx.status = 200;
      ctx.set('Content-Type', metrics.contentType);
      ctx.body = await metrics.text();
    } else if (rest === '/metrics') {
      answerAdminError(ctx, 'NOT_FOUND', 'metrics are off: set metrics: true in the configuration');
    } else {
      const routes = metrics
        ? '/-/live, /-/ready and /-/metrics exist'
        : '/-/live and /-/ready exist (and /-/metrics with metrics: true)';
      answerAdminError(ctx, 'NOT_FOUND', `no such admin route: ${routes}`);
    }
  };
}

function reply(ctx: Koa.Context, status: number, body: object): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}
