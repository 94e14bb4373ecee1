import { SpanStatusCode } from '@opentelemetry/api';
import type Koa from 'koa';
import { createMainServer, type MainServer } from 'portico';
import { calc } from '../fixtures/services';
import { json, send } from '../support/http';
import { useInMemoryTracing } from '../support/in-memory-tracing';
import { type Families, scrape, total } from '../support/prometheus';

const exporter = useInMemoryTracing();

/** Middleware that replaces the entry point's answer as the request's `X-After` header asks. */
async function after(ctx: Koa.Context, next: () => Promise<unknown>): Promise<void> {
  await next();
  const asked = ctx.get('X-After');
  if (asked === 'throw') throw new Error('the audit store at 10.0.0.7 is down');
  if (asked === '429') throw Object.assign(new Error('slow down'), { status: 429, expose: true });
  // Only the status changed, no throw: the code follows the status the client got.
  if (asked === 'set-503') ctx.status = 503;
  if (asked === 'set-202') ctx.status = 202;
}

// The call line already shows the status the client got (test/http/middleware-errors.test.ts);
// the metrics and the span must say the same, not the entry point's 200 that nobody received.
describe('a call whose answer user middleware replaces after `await next()`', () => {
  let main: MainServer;
  let families: Families;
  const mulTwo = { microservice: 'calc', service: 'multiplier', method: 'mulTwo' };

  beforeAll(async () => {
    const logStream = { write: () => undefined };
    main = createMainServer({ microservices: [calc], logStream, metrics: true, tracing: true });
    main.app.use(after);
    const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    const call = (what: string, body = '{"a":2,"b":3}') =>
      send(url, '/calc/multiplier/mulTwo', { headers: json({ 'X-After': what }), body });
    exporter.reset();
    expect((await call('throw')).status).toBe(500);
    expect((await call('429')).status).toBe(429);
    expect((await call('none')).status).toBe(200);
    expect((await call('set-503')).status).toBe(503);
    expect((await call('set-202')).status).toBe(202);
    // A call the entry point refused (400 INVALID_ARGUMENT) that middleware turns into a 202.
    expect((await call('set-202', '{"a":"x"}')).status).toBe(202);
    expect((await call('none', '{"a":"x"}')).status).toBe(400);
    families = await scrape(url);
  });
  afterAll(() => main.close());

  const calls = (labels: Record<string, string>) => total(families, 'portico_calls_total', labels);

  it('is counted with the status and code that the client got', () => {
    expect(calls({ ...mulTwo, status: '500', code: 'INTERNAL_ERROR' })).toBe(1);
    expect(calls({ ...mulTwo, status: '429', code: 'TOO_MANY_REQUESTS' })).toBe(1);
    expect(calls({ ...mulTwo, status: '200', code: 'OK' })).toBe(1);
    expect(calls({ ...mulTwo, status: '503', code: 'SERVICE_UNAVAILABLE' })).toBe(1);
    expect(calls({ ...mulTwo, status: '202', code: 'OK' })).toBe(2);
    expect(calls({ ...mulTwo, status: '400', code: 'INVALID_ARGUMENT' })).toBe(1);
    expect(calls(mulTwo)).toBe(7);
    expect(total(families, 'portico_calls_in_flight')).toBe(0);
  });

  it('ends its span with the status sent, an error for a 5xx', () => {
    const spans = exporter.getFinishedSpans().filter((span) => span.name === 'multiplier/mulTwo');
    const answered = spans.map((span) => [
      span.attributes['http.response.status_code'],
      span.attributes['rpc.response.status_code'],
      span.status.code,
    ]);
    expect(answered).toEqual([
      [500, 'INTERNAL_ERROR', SpanStatusCode.ERROR],
      [429, 'TOO_MANY_REQUESTS', SpanStatusCode.UNSET],
      [200, 'OK', SpanStatusCode.UNSET],
      [503, 'SERVICE_UNAVAILABLE', SpanStatusCode.ERROR],
      [202, 'OK', SpanStatusCode.UNSET],
      [202, 'OK', SpanStatusCode.UNSET],
      [400, 'INVALID_ARGUMENT', SpanStatusCode.UNSET],
    ]);
  });
});
