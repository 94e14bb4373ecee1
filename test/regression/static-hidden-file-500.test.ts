import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staticFiles } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { send } from '../support/http';

// Bug: koa-send answers nothing for a path with a segment that starts with "." (hidden files are
// off), and the static-files handler took that for an error: 500 instead of 404.
describe('a hidden file of a static-files microservice', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portico-hidden-'));
    writeFileSync(path.join(dir, '.env'), 'SECRET=1');
    writeFileSync(path.join(dir, 'shown.txt'), 'shown');
    server = await startTestServer({ microservices: [staticFiles({ name: 'files', dir })] });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/files/.env',
    '/files/%2eenv',
    '/files/.nothing',
    '/files/..../x',
    '/files/sub/../.env',
  ])('%s is a 404', async (p) => {
    const answer = await send(server.url, p, { method: 'GET' });
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('SECRET');
  });

  it('still serves the other files', async () => {
    expect(await send(server.url, '/files/shown.txt', { method: 'GET' })).toMatchObject({
      status: 200,
      text: 'shown',
    });
  });
});
