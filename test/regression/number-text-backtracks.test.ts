import { probe } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

// Bug (issue 11, finding 2): number text was matched by a pattern that backtracks, in time
// quadratic in a run of digits followed by a non-digit: 100,000 digits and an `x` in a number
// field held the event loop for 11 s. Here the run is 300,000 digits, about 100 s for the
// pattern and milliseconds for a reader that makes one pass: the bound below is far from both.
const DIGITS = '1'.repeat(300_000);
const BOUND_MS = 20_000;

const profileFields = (score: string) =>
  `<name>n</name><age>1</age><score>${score}</score><active>true</active>`;

describe('a number field of a long run of digits that ends in a letter', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [probe] });
  });
  afterAll(() => server.close());

  async function timedCall(headers: Record<string, string>, body: string) {
    const started = performance.now();
    const answer = await send(server.url, '/probe/probe/profile', { headers, body });
    return { answer, ms: performance.now() - started };
  }

  it.each([
    ['XML', xml('libB'), `<Profile>${profileFields(`${DIGITS}x`)}</Profile>`],
    [
      'libA JSON, whose numbers may come quoted',
      json({ 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' }),
      `{"profile":{"name":"n","age":1,"score":"${DIGITS}x","active":true}}`,
    ],
  ])(
    'is a 400 naming the field in %s, in far less than the quadratic time',
    async (_, headers, body) => {
      const { answer, ms } = await timedCall(headers, body);
      expect(answer.status).toBe(400);
      expect(answer.error?.code).toBe('INVALID_ARGUMENT');
      expect(answer.error?.message).toContain('field score: expected a number');
      expect(ms).toBeLessThan(BOUND_MS);
    },
    300_000,
  );

  it('still reads the same run of digits as a number', async () => {
    const { answer } = await timedCall(
      xml('libB'),
      `<Profile>${profileFields(`${DIGITS}.5e-299990`)}</Profile>`,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<score>1111111111.1111112</score>');
  });
});
