import path from 'node:path';
import Koa from 'koa';
import { createMainServer, servletApp, staticFiles } from 'portico';
import request from 'supertest';
import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

const STATIC_DIR = path.join(__dirname, '..', 'fixtures', 'static');

function koaServlet(): Koa {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { servlet: 'koa', method: ctx.method, path: ctx.path, query: ctx.querystring };
  });
  return app;
}

describe('microservice types', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [
        calc,
        servletApp({ name: 'legacy', app: koaServlet() }),
        servletApp({
          name: 'mw',
          app: async (ctx) => {
            ctx.body = `middleware saw ${ctx.method} ${ctx.path}`;
          },
        }),
        staticFiles({ name: 'files', dir: STATIC_DIR, cors: true }),
        staticFiles({ name: 'private', dir: STATIC_DIR }),
      ],
    });
  });
  afterAll(() => server.close());

  describe('servletApp', () => {
    it('receives every request under its name, any method, with the prefix removed', async () => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await send(server.url, '/legacy/calc/multiplier/mulTwo?x=1', {
          method,
          headers: json(),
          body: '{}',
        });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.text)).toEqual({
          servlet: 'koa',
          method,
          path: '/calc/multiplier/mulTwo',
          query: 'x=1',
        });
        expect(answer.headers['x-svc-request-id']).toBeUndefined();
      }
    });

    it('receives the bare prefix as /', async () => {
      const answer = await send(server.url, '/legacy', { method: 'GET' });
      expect(JSON.parse(answer.text).path).toBe('/');
    });

    it('works with a plain Koa middleware', async () => {
      const answer = await send(server.url, '/mw/a/b', { method: 'PUT', body: 'x' });
      expect(answer).toMatchObject({ status: 200, text: 'middleware saw PUT /a/b' });
    });

    it('gives the request its own path back once the servlet is done', async () => {
      const main = createMainServer({
        microservices: [
          servletApp({ name: 'legacy', app: koaServlet() }),
          servletApp({
            name: 'mw',
            app: async (ctx) => {
              ctx.body = ctx.path;
            },
          }),
        ],
      });
      const seen: string[] = [];
      main.app.middleware.unshift(async (ctx, next) => {
        await next();
        seen.push(ctx.path);
      });
      const agent = request(main.app.callback());
      expect((await agent.get('/mw/a/b?x=1')).text).toBe('/a/b');
      expect((await agent.get('/legacy/c?y=2')).body).toMatchObject({ path: '/c', query: 'y=2' });
      expect(seen).toEqual(['/mw/a/b', '/legacy/c']);
    });
  });

  describe('staticFiles', () => {
    it('serves files and the directory index', async () => {
      const file = await send(server.url, '/files/data.json', { method: 'GET' });
      expect(file).toMatchObject({ status: 200, text: '{"hello":"static"}\n' });
      expect(file.headers['content-type']).toContain('application/json');
      expect(file.headers['access-control-allow-origin']).toBe('*');
      expect((await send(server.url, '/files/', { method: 'GET' })).text).toBe('<h1>index</h1>\n');
      expect((await send(server.url, '/files/sub/file.txt', { method: 'GET' })).text).toBe(
        'nested\n',
      );
    });

    it('redirects the bare prefix to the directory', async () => {
      const answer = await send(server.url, '/files', { method: 'GET' });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/files/');
    });

    it('answers a CORS preflight when CORS is on, and sends no CORS headers when it is off', async () => {
      const pre = await send(server.url, '/files/data.json', {
        method: 'OPTIONS',
        headers: { Origin: 'http://x.test' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
      const off = await send(server.url, '/private/data.json', {
        method: 'GET',
        headers: { Origin: 'http://x.test' },
      });
      expect(off.status).toBe(200);
      expect(off.headers['access-control-allow-origin']).toBeUndefined();
    });

    it.each([
      '/files/nope.txt',
      '/files/sub/',
      '/files/../package.json',
      '/files/..%2f..%2fpackage.json',
      '/files/%2e%2e/%2e%2e/package.json',
      '/files/sub/..%2f..%2f..%2fpackage.json',
      '/files//etc/passwd',
      '/files/%00',
    ])('answers 404 for %s: nothing outside the directory, no listings', async (p) => {
      const answer = await send(server.url, p, { method: 'GET' });
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('"name": "portico"');
    });

    it('refuses methods other than GET, HEAD and OPTIONS', async () => {
      const answer = await send(server.url, '/files/data.json', { method: 'POST', body: 'x' });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    });
  });
});
