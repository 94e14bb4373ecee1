import { probe } from '../fixtures/services';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';

/** Each X-SVC-* header, and two values that are valid alone. */
const TWICE: readonly (readonly [string, string, string])[] = [
  ['X-SVC-API-ID', 'RMC', 'RMC'],
  ['X-SVC-Privilege-Names', 'viewer', 'admin'],
  ['X-SVC-Locale', 'en', 'de'],
  ['X-SVC-Sequence-Name', 'libBParamArrayJsonInOutSequence', 'libBParamArrayJsonInOutSequence'],
  ['X-SVC-Request-ID', 'one', 'two'],
  ['X-SVC-Session-ID', 's1', 's2'],
  ['X-SVC-User', 'alice', 'mallory'],
  ['x-svc-client-application-name', 'shop', 'admin-console'],
  ['X-SVC-IP', '10.0.0.1', '10.0.0.2'],
];

// Bug: a context header sent on two lines reached the method as one value that nobody sent
// ("alice, mallory" as the user); the others were refused only because the joined value broke
// their form, with a message about the form.
describe('an X-SVC-* header sent on two lines', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [probe] });
  });
  afterAll(() => server.close());

  const context = (extra: readonly (readonly [string, string])[]) =>
    sendRaw(
      server.url,
      rawRequest(
        'POST',
        '/probe/probe/context',
        [['Host', 'x'], ['Content-Type', 'application/json'], ['Content-Length', '1'], ...extra],
        '1',
      ),
    );

  it.each(TWICE)('is a 400 INVALID_HEADER naming it: %s', async (name, first, second) => {
    const answer = await context([
      [name, first],
      ['X-Other', 'x'],
      [name.toLowerCase(), second],
    ]);
    const spelled =
      name === 'x-svc-client-application-name' ? 'X-SVC-Client-Application-Name' : name;
    expect([answer.status, JSON.parse(answer.body).error]).toEqual([
      400,
      expect.objectContaining({
        code: 'INVALID_HEADER',
        message: `${spelled} is sent more than once: send it once`,
      }),
    ]);
  });

  it('leaves each sent once served, as the method reads it', async () => {
    const answer = await context(
      TWICE.map(([name, first]) => [name, first] as const).filter(([n]) => n !== 'X-SVC-API-ID'),
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      user: 'alice',
      sessionId: 's1',
      ip: '10.0.0.1',
    });
  });
});
