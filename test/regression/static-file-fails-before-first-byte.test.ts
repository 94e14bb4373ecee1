import { staticFiles } from 'portico';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';
import { waitFor } from '../support/wait';

// Bug: a static file whose first read failed, without middleware of the user, had its connection
// cut (Koa's pipe of the file had sent the head already): the client read no answer at all.
// `/proc/self/mem` is a regular file that opens, and whose read at its start fails (EIO).
describe('a static file that fails before its first byte', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [staticFiles({ name: 'proc', dir: '/proc/self' })],
    });
  });
  afterAll(() => server.close());

  it('is a 500 with the error envelope, logged once, and the connection stays open', async () => {
    const request = rawRequest('GET', '/proc/mem', [
      ['Host', 'x'],
      ['X-SVC-Request-ID', 'mem-1'],
    ]);
    const answer = await sendRaw(server.url, request);
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-svc-request-id']).toBe('mem-1');
    expect(JSON.parse(answer.body).error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(answer.body).not.toMatch(/EIO|\/proc/);
    expect(answer.closed).toBe(false);
    const failures = () =>
      server.logs.filter((line) => (line.err as { code?: string })?.code === 'EIO');
    await waitFor(() => failures().length > 0, { what: 'the failure logged' });
    const again = await sendRaw(server.url, rawRequest('GET', '/proc/mem', [['Host', 'x']]));
    expect(again.status).toBe(500);
    await waitFor(() => failures().length === 2, { what: 'the second failure logged' });
    expect(failures().map((line) => [line.msg, line.requestId])).toEqual([
      ['unhandled error', 'mem-1'],
      ['unhandled error', again.headers['x-svc-request-id']],
    ]);
  });
});
