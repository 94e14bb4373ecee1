import { createMainServer } from 'portico';
import { broken, brokenCarrier } from '../fixtures/broken-carrier';
import { calc } from '../fixtures/services';

describe('the main server with middleware of its user', () => {
  it('runs the middleware put before its dispatch for every entry-point call', async () => {
    const main = createMainServer({ microservices: [calc], logLevel: 'silent' });
    const seen: string[] = [];
    // The dispatch answers every request, so middleware runs only before it, as for servlet apps.
    main.app.middleware.unshift(async (ctx, next) => {
      seen.push(ctx.path);
      await next();
      ctx.set('X-Seen', 'yes');
    });
    const port = await main.listen(0, '127.0.0.1');
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/calc/multiplier/mulTwo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"a":2,"b":3}',
      });
      expect([answer.status, await answer.text()]).toEqual([200, '{"result":6}']);
      expect(answer.headers.get('x-seen')).toBe('yes');
      expect(seen).toEqual(['/calc/multiplier/mulTwo']);
    } finally {
      await main.close();
    }
  });
});

describe('a bug in answering a direct call', () => {
  it('is a 500 without its details, logged, and the server keeps serving', async () => {
    const logs: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => logs.push(JSON.parse(line)) };
    const main = createMainServer({ microservices: [calc, broken], logStream }, brokenCarrier);
    const port = await main.listen(0, '127.0.0.1');
    const call = (path: string, body: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    try {
      const answer = await call('/broken/probe/echo', '"hi"');
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await answer.text()).toBe('Internal Server Error');
      const errors = logs.filter((line) => line.msg === 'unhandled error');
      expect(errors.map((line) => [line.level, (line.err as { code: string }).code])).toEqual([
        [50, 'ERR_INVALID_CHAR'],
      ]);
      expect(await (await call('/calc/multiplier/mulTwo', '{"a":2,"b":3}')).text()).toBe(
        '{"result":6}',
      );
    } finally {
      await main.close();
    }
  });
});
