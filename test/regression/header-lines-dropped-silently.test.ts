import { calc } from '../fixtures/services';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';

// Bug: Node keeps only the first ~2000 header lines (maxHeadersCount) and drops the rest without
// a word, so a Content-Type or X-SVC-* header after them was never seen. Now every line counts:
// up to maxHeaderCount the request is served whole, beyond it the answer is 431.
describe('header lines beyond what Node keeps', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [calc],
      http: { maxHeaderCount: 3000, maxHeaderBytes: 64 * 1024 },
    });
  });
  afterAll(() => server.close());

  const request = (padding: number) => {
    const lines: [string, string][] = [['Host', 'x']];
    for (let i = 0; i < padding; i++) lines.push([`p${i}`, '']);
    lines.push(['Content-Type', 'application/json'], ['X-SVC-Request-ID', 'last-lines']);
    lines.push(['Content-Length', '13']);
    return rawRequest('POST', '/calc/multiplier/mulTwo', lines, '{"a":2,"b":3}');
  };

  it('are all seen when the configured count allows them', async () => {
    const answer = await sendRaw(server.url, request(2500));
    expect(answer).toMatchObject({ status: 200, body: '{"result":6}' });
    expect(answer.headers['x-svc-request-id']).toBe('last-lines');
  });

  it('are refused with 431 beyond the configured count', async () => {
    const answer = await sendRaw(server.url, request(3000));
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).error).toMatchObject({
      code: 'HEADERS_TOO_LARGE',
      requestId: 'last-lines',
    });
  });
});
