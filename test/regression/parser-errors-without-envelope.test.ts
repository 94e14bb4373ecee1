import { calc } from '../fixtures/services';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';

// Bug: what Node's HTTP parser refused (bad syntax, a head over the size limit) got Node's bare
// status line with no body, not the error envelope every other error has.
describe('requests the HTTP parser refuses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc], http: { maxHeaderBytes: 2048 } });
  });
  afterAll(() => server.close());

  it.each([
    [
      'a control character in a header',
      'POST / HTTP/1.1\r\nHost: x\r\nX-A: \u0007\r\n\r\n',
      400,
      'BAD_REQUEST',
    ],
    [
      'a space in the path',
      'POST /calc/multi plier/mulTwo HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
      'BAD_REQUEST',
    ],
    [
      'both Content-Length and chunked',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n',
      400,
      'BAD_REQUEST',
    ],
    [
      'a head over maxHeaderBytes',
      rawRequest('POST', '/', [
        ['Host', 'x'],
        ['X-Big', 'b'.repeat(3000)],
      ]),
      431,
      'HEADERS_TOO_LARGE',
    ],
  ])('%s', async (_, request, status, code) => {
    const answer = await sendRaw(server.url, request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    const { error } = JSON.parse(answer.body);
    expect(error).toMatchObject({ status, code });
    expect(error.requestId).toBe(answer.headers['x-svc-request-id']);
  });
});
