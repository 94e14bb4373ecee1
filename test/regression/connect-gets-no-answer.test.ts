import { calc } from '../fixtures/services';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';

// Bug (found by the fuzz suite): Node drops a CONNECT request's connection without a word when
// nobody listens for tunnels, so the caller got no answer at all instead of a 405.
describe('CONNECT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  it('is answered 405 with Allow and the envelope, in the request’s family', async () => {
    const answer = await sendRaw(
      server.url,
      rawRequest('CONNECT', '/calc/multiplier/mulTwo', [
        ['Host', 'x'],
        ['Content-Type', 'application/xml'],
        ['X-SVC-Request-ID', 'tunnel-1'],
      ]),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expect(answer.body).toBe(
      '<error><status>405</status><code>METHOD_NOT_ALLOWED</code><message>CONNECT is not allowed: use POST</message><requestId>tunnel-1</requestId></error>',
    );
  });

  it('with an authority target, as proxies get it', async () => {
    const answer = await sendRaw(
      server.url,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(answer.status).toBe(405);
    expect(JSON.parse(answer.body).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
