import { probe } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

// Bug: JSON.parse takes "\ud800", so a method received a string that is not Unicode text (which
// XML cannot carry and I-JSON forbids), where an XML body with that character was a 400.
describe('a JSON string that holds a surrogate alone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [probe] });
  });
  afterAll(() => server.close());

  const echo = (sequence: 'libA' | 'libB', argument: string) =>
    send(server.url, '/probe/probe/echo', {
      headers: json({
        'X-SVC-API-ID': 'RMC',
        'X-SVC-Sequence-Name': `${sequence}ParamArrayJsonInOutSequence`,
      }),
      body: `[${sequence === 'libA' ? `{"string":${argument}}` : argument}]`,
    });

  it.each(['libA', 'libB'] as const)(
    'is a 400 MALFORMED_BODY naming it, in %s',
    async (sequence) => {
      for (const argument of ['"\\ud800"', '"a\\udc00"', '"\\ud83d\\u0041"']) {
        const answer = await echo(sequence, argument);
        expect([answer.status, answer.error?.code]).toEqual([400, 'MALFORMED_BODY']);
        expect(answer.error?.message).toMatch(
          /\\u[dD][89a-fA-F]\w\w at offset \d+ is half of a surrogate pair, alone$/,
        );
      }
    },
  );

  it.each(['libA', 'libB'] as const)(
    'leaves a pair, escaped or not, as text, in %s',
    async (sequence) => {
      const escaped = await echo(sequence, '"\\ud83d\\ude00 \\\\ud800"');
      expect(escaped.status).toBe(200);
      expect(JSON.parse(escaped.text)).toEqual(
        sequence === 'libA' ? { string: '😀 \\ud800' } : '😀 \\ud800',
      );
    },
  );
});
