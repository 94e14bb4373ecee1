import { calc } from '../fixtures/services';
import { sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';

// Bug (issue 11, finding 5): an HTTP/1.1 request without Host got Node's bare 400, without the
// error envelope every other answer has. It is now a 400 BAD_REQUEST in the request's family.
describe('an HTTP/1.1 request without Host', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  const request = (version: string, family: 'json' | 'xml', body: string) =>
    sendRaw(
      server.url,
      `POST /calc/multiplier/mulTwo HTTP/${version}\r\nContent-Type: application/${family}\r\n` +
        `X-SVC-Sequence-Name: libBParamArray${family === 'xml' ? 'Xml' : 'Json'}InOutSequence\r\n` +
        'X-SVC-Request-ID: no-host-1\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );

  it('is a 400 with the envelope, in JSON', async () => {
    const answer = await request('1.1', 'json', '{"a":2,"b":3}');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-svc-request-id']).toBe('no-host-1');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body).error).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'an HTTP/1.1 request must have a Host header',
      requestId: 'no-host-1',
    });
  });

  it('is a 400 with the envelope, in XML', async () => {
    const answer = await request('1.1', 'xml', '<MulInput><a>2</a><b>3</b></MulInput>');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/^<error><status>400<\/status><code>BAD_REQUEST<\/code>/);
  });

  it('is served in HTTP/1.0, which has no Host', async () => {
    const answer = await request('1.0', 'json', '{"a":2,"b":3}');
    expect(answer).toMatchObject({ status: 200, body: '{"result":6}' });
  });
});
