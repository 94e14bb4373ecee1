import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { send, xml } from '../support/http';

// Bug: the 405 and the 404 for an unknown microservice or path were answered in JSON even when
// the request was plainly XML, because the family was only worked out after those checks.
describe('an XML request gets its 405 and 404 in XML', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  it.each([
    ['PUT', '/calc/multiplier/mulTwo', 405, 'METHOD_NOT_ALLOWED'],
    ['POST', '/nope/multiplier/mulTwo', 404, 'METHOD_NOT_FOUND'],
    ['POST', '/calc/multiplier', 404, 'METHOD_NOT_FOUND'],
  ])('%s %s', async (method, path, status, code) => {
    const answer = await send(server.url, path, {
      method,
      headers: xml('libB', { 'X-SVC-Request-ID': 'xml-1' }),
      body: '<MulInput><a>2</a><b>3</b></MulInput>',
    });
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.text).toBe(
      `<error><status>${status}</status><code>${code}</code><message>${answer.error?.message}</message><requestId>xml-1</requestId></error>`,
    );
  });

  it('still answers in JSON when the family cannot be told', async () => {
    const answer = await send(server.url, '/nope/x/y', { headers: {}, body: 'x' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
