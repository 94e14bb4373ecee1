import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import {
  createMainServer,
  type MainServer,
  nativeApp,
  RemoteMethod,
  RemoteService,
  servletApp,
  staticFiles,
} from 'portico';
import { json, send } from '../support/http';

// docs/configuration.md, "Middleware of your own", said middleware added with app.use runs for
// "every other route alike". It does on the public port (entry point, servlet apps, static files,
// the admin routes there), not for the admin routes on a port of their own, nor for what the HTTP
// layer refuses before any middleware. An error it throws is Koa's plain-text 500, logged.
@RemoteService('echo')
class Echo {
  @RemoteMethod({ params: [String], returns: String })
  echo(text: string): string {
    return text;
  }
}

const GET = { method: 'GET' };

describe('middleware added with app.use', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-middleware-'));
  const logged: Record<string, unknown>[] = [];
  let main: MainServer;
  let url: string;

  beforeAll(async () => {
    writeFileSync(path.join(dir, 'page.txt'), 'a file');
    const legacy = new Koa();
    legacy.use((ctx) => {
      ctx.body = 'legacy';
    });
    main = createMainServer({
      microservices: [
        nativeApp({ name: 'echo', services: [Echo] }),
        servletApp({ name: 'legacy', app: legacy }),
        staticFiles({ name: 'files', dir }),
      ],
      admin: { port: 0, host: '127.0.0.1' },
      logLevel: 'error',
      logStream: { write: (line: string) => logged.push(JSON.parse(line)) },
    });
    main.app.use(async (ctx, next) => {
      if (ctx.get('X-Fail') === 'yes') throw new Error('middleware failed');
      ctx.set('X-Seen', 'yes');
      await next();
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await main?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs for entry-point calls, servlet apps and static files on the public port', async () => {
    const call = await send(url, '/echo/echo/echo', { headers: json(), body: '"hi"' });
    const servlet = await send(url, '/legacy/any', GET);
    const file = await send(url, '/files/page.txt', GET);
    const publicAdmin = await send(url, '/-/live', GET);
    for (const [answer, text] of [
      [call, '"hi"'],
      [servlet, 'legacy'],
      [file, 'a file'],
    ] as const) {
      expect([answer.status, answer.text, answer.headers['x-seen']]).toEqual([200, text, 'yes']);
    }
    // With `admin`, the public port answers the admin routes 404, through the middleware too.
    expect([publicAdmin.status, publicAdmin.headers['x-seen']]).toEqual([404, 'yes']);
  });

  it('does not run for what the HTTP layer refuses before any middleware', async () => {
    const lines = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`X-Line-${i}`, 'x']));
    const refused = await send(url, '/echo/echo/echo', { headers: json(lines), body: '"hi"' });
    expect([refused.status, refused.error?.code]).toEqual([431, 'HEADERS_TOO_LARGE']);
    expect(refused.headers['x-seen']).toBeUndefined();
  });

  it('does not run for the admin routes on their own port', async () => {
    const live = await send(`http://127.0.0.1:${main.adminPort}`, '/-/live', GET);
    expect(live.status).toBe(200);
    expect(live.headers['x-seen']).toBeUndefined();
  });

  it("answers an error it throws with portico's error envelope, logged at error level", async () => {
    const failed = await send(url, '/echo/echo/echo', {
      headers: json({ 'X-Fail': 'yes', 'X-SVC-Request-ID': 'reach-1' }),
      body: '"hi"',
    });
    expect([failed.status, failed.headers['content-type'], failed.error]).toEqual([
      500,
      'application/json; charset=utf-8',
      {
        status: 500,
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
        requestId: 'reach-1',
      },
    ]);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        requestId: 'reach-1',
        err: expect.objectContaining({ message: 'middleware failed' }),
      }),
    );
  });
});
