import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

const BIG = '100000000000';

// Bug (found while reviewing what the fuzz suite's inputs can make a method answer): two safe
// integers whose product is not safe made mulOne answer 200 with `1e+22`, and `<int>1e+22</int>`
// in XML: an int that no reader takes back. A result that does not fit its declared type is the
// method's fault: a 500, its detail shown only in development mode.
describe('an int result beyond the safe range', () => {
  let server: TestServer;
  let development: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
    development = await startTestServer({ microservices: [calc], development: true });
  });
  afterAll(async () => {
    await server.close();
    await development.close();
  });

  it.each([
    ['JSON', json({ 'X-SVC-API-ID': 'RMC' }), `[${BIG},${BIG}]`],
    [
      'XML',
      xml('libB', { 'X-SVC-API-ID': 'RMC' }),
      `<paramArray><int>${BIG}</int><int>${BIG}</int></paramArray>`,
    ],
  ])('is a 500 in %s, not a number the wire cannot carry back', async (_, headers, body) => {
    const answer = await send(server.url, '/calc/multiplier/mulOne', { headers, body });
    expect(answer.status).toBe(500);
    expect(answer.error).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
  });

  it('names the field in development mode, also inside a result object', async () => {
    const answer = await send(development.url, '/calc/multiplier/mulFour', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: `[${BIG},${BIG}]`,
    });
    expect(answer.status).toBe(500);
    expect(answer.error?.message).toContain('field result of the result is 1e+22');
  });

  it('still answers products in the safe range', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulOne', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: '[94906265,94906265]',
    });
    expect(answer).toMatchObject({ status: 200, text: String(94906265 * 94906265) });
  });
});
