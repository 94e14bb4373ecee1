import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { swaggerUi } from 'portico';
import calc from '../../examples/calc';
import { startTestServer, type TestServer } from '../support/harness';
import { send } from '../support/http';

const dir = mkdtempSync(path.join(tmpdir(), 'portico-docs-home-'));
const document = path.join(dir, 'swagger.json');
writeFileSync(document, JSON.stringify({ swagger: '2.0', info: { title: 'Calc <API>' } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GET / on a main server with a Swagger UI page', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('points to the page in development mode, and leaves other requests to the entry point', async () => {
    const docs = swaggerUi({ name: 'docs', document });
    server = await startTestServer({ development: true, microservices: [calc, docs] });
    const home = await send(server.url, '/', { method: 'GET' });
    expect(home.status).toBe(302);
    expect(home.headers.location).toBe('/docs/');
    expect(home.text).toBe(
      "The API's documentation is at /docs/; calls are POST /{microservice}/{service}/{method}.\n",
    );
    expect((await send(server.url, '/', { method: 'HEAD' })).status).toBe(302);
    const post = await send(server.url, '/', { method: 'POST', body: '{}' });
    expect(post.error?.code).toBe('METHOD_NOT_FOUND');
    const page = await send(server.url, '/docs/', { method: 'GET' });
    expect(page.text).toContain('<title>Calc &#60;API&#62;</title>');
  });

  it('serves the document as its files: 304 for If-None-Match: *, one byte range', async () => {
    server = await startTestServer({ microservices: [swaggerUi({ name: 'docs', document })] });
    const ask = (headers: Record<string, string>) =>
      send(server?.url ?? '', '/docs/swagger.json', { method: 'GET', headers });
    expect((await ask({ 'If-None-Match': '*' })).status).toBe(304);
    const part = await ask({ Range: 'bytes=0-9' });
    expect([part.status, part.text, part.headers['accept-ranges']]).toEqual([
      206,
      '{"swagger"',
      'bytes',
    ]);
    expect((await ask({})).headers['content-type']).toBe('application/json; charset=utf-8');
    // The page and its script are made, not read, but are there as much as the files are.
    for (const target of ['/docs/', '/docs/swagger-ui-init.js', '/docs/swagger-ui.css']) {
      const answer = await send(server.url, target, {
        method: 'GET',
        headers: { 'If-None-Match': '*' },
      });
      expect([target, answer.status, answer.text]).toEqual([target, 304, '']);
    }
  });

  it.each([
    ['outside development mode', false, true],
    ['in development mode without a Swagger UI page', true, false],
  ])('stays a 405 that says to use POST %s', async (_, development, withDocs) => {
    const docs = withDocs ? [swaggerUi({ name: 'docs', document })] : [];
    server = await startTestServer({ development, microservices: [calc, ...docs] });
    const home = await send(server.url, '/', { method: 'GET' });
    expect(home.status).toBe(405);
    expect(home.headers.allow).toBe('POST, OPTIONS');
    expect(home.error).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      message: 'GET is not allowed: use POST',
    });
  });

  it("titles the page with swaggerUi's title, or API while the document is missing", async () => {
    const titled = swaggerUi({ name: 'docs', document, title: 'Orders' });
    const missing = swaggerUi({ name: 'later', document: path.join(dir, 'none.json') });
    server = await startTestServer({ microservices: [calc, titled, missing] });
    expect((await send(server.url, '/docs/', { method: 'GET' })).text).toContain(
      '<title>Orders</title>',
    );
    expect((await send(server.url, '/later/', { method: 'GET' })).text).toContain(
      '<title>API</title>',
    );
  });
});
