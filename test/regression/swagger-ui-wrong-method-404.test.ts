import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staticFiles, swaggerUi } from 'portico';
import calc from '../../examples/calc';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

// Bug: Swagger UI's own routes (its page, its document, its init script) answered a wrong method
// 404 without Allow, while its other files answered 405. Every served route kind is checked here.
describe('a wrong method on any served route', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portico-methods-'));
    writeFileSync(path.join(dir, 'swagger.json'), '{"swagger":"2.0"}');
    writeFileSync(path.join(dir, 'file.txt'), 'a file');
    const document = path.join(dir, 'swagger.json');
    server = await startTestServer({
      metrics: true,
      microservices: [
        calc,
        staticFiles({ name: 'files', dir }),
        swaggerUi({ name: 'docs', document }),
      ],
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const READ = 'GET, HEAD, OPTIONS';
  it.each([
    ['/docs/', READ],
    ['/docs/swagger.json', READ],
    ['/docs/swagger-ui-init.js', READ],
    ['/docs/swagger-ui.css', READ],
    ['/docs/no-such-file', READ],
    ['/files/file.txt', READ],
    ['/-/live', 'GET, HEAD'],
    ['/-/ready', 'GET, HEAD'],
    ['/-/metrics', 'GET, HEAD'],
  ])('POST, PUT and DELETE %s answer 405 with Allow: %s', async (route, allow) => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await send(server.url, route, { method, headers: json(), body: '{}' });
      expect({ method, status: answer.status, allow: answer.headers.allow }).toEqual({
        method,
        status: 405,
        allow,
      });
    }
  });

  it('GET on an entry point path answers 405 with Allow: POST, OPTIONS', async () => {
    const answer = await send(server.url, '/calc/calculator/add', { method: 'GET' });
    expect(answer).toMatchObject({ status: 405, headers: { allow: 'POST, OPTIONS' } });
  });

  it.each([
    ['/docs/', 'text/html'],
    ['/docs/swagger.json', 'application/json'],
    ['/docs/swagger-ui-init.js', 'text/javascript'],
  ])('GET and HEAD %s still answer 200', async (route, type) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await send(server.url, route, { method });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toContain(type);
    }
  });

  it('OPTIONS on Swagger UI routes is answered without a body', async () => {
    const answer = await send(server.url, '/docs/swagger.json', { method: 'OPTIONS' });
    expect(answer).toMatchObject({ status: 204, text: '' });
  });
});

// Bug: swagger.json got `Access-Control-Allow-Origin: *` whatever origins Swagger UI's `cors`
// named, while its other files followed them.
describe("Swagger UI's document across origins", () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portico-doc-cors-'));
    writeFileSync(path.join(dir, 'swagger.json'), '{"swagger":"2.0"}');
    const document = path.join(dir, 'swagger.json');
    const cors = { origins: ['http://good.test'] };
    server = await startTestServer({
      microservices: [swaggerUi({ name: 'docs', document, cors })],
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['http://good.test', 'http://good.test'],
    ['http://evil.test', undefined],
  ])('from %s is allowed to %s', async (origin, allowed) => {
    for (const route of ['/docs/swagger.json', '/docs/swagger-ui.css']) {
      const answer = await send(server.url, route, { method: 'GET', headers: { Origin: origin } });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(allowed);
    }
  });
});
