import fc from 'fast-check';
import { probe } from '../fixtures/services';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';

// Bug (issue 24's closing note): Node reads header bytes as latin1, so `X-SVC-User: José` sent
// as UTF-8 reached the method as `JosÃ©`. Text values are now read as UTF-8 when their bytes are
// UTF-8, and as latin1 (which a browser's fetch sends) when they are not.
/** A character that ends or breaks a header line (C0 controls and DEL). */
function isControl(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

describe.each(PLACEMENTS)('X-SVC-* text values (%s)', (placement) => {
  let server: TestServer;
  const asked: string[][] = [];
  beforeAll(async () => {
    server = await startTestServer(
      {
        microservices: [probe],
        ENTRY_POINTS: {
          WEB_SERVICE_FACADE_HTTP: {
            permissionResolver: ({ privilegeNames }) => {
              asked.push([...privilegeNames]);
              return false;
            },
          },
        },
      },
      placement,
    );
  });
  afterAll(() => server.close());

  /** Calls probe.context with `headers`, each value's bytes as given. */
  const context = (headers: readonly (readonly [string, Buffer | string])[]) => {
    const head = headers.map(([name, value]) =>
      Buffer.concat([Buffer.from(`${name}: `), Buffer.from(value), Buffer.from('\r\n')]),
    );
    const start = rawRequest('POST', '/probe/probe/context', [
      ['Host', 'x'],
      ['Content-Type', 'application/json'],
      ['Content-Length', '1'],
    ]);
    // The head without its blank line, the header lines as bytes, then the blank line and body.
    const lines = start.subarray(0, start.length - 2);
    return sendRaw(server.url, Buffer.concat([lines, ...head, Buffer.from('\r\n1')]));
  };

  it.each([
    [
      'sent as UTF-8 reach the method as the text that was sent',
      { user: 'José', session: 'séance-😀', application: '会計' },
      (text: string) => Buffer.from(text),
    ],
    [
      'sent as latin1, not UTF-8, are kept as latin1, as a browser sends U+0080 to U+00FF',
      { user: 'José', session: 'aÃ', application: 'Bücher' },
      (text: string) => Buffer.from(text, 'latin1'),
    ],
  ])('%s', async (_, sent, bytes) => {
    asked.length = 0;
    const answer = await context([
      ['X-SVC-User', bytes(sent.user)],
      ['X-SVC-Session-ID', bytes(sent.session)],
      ['X-SVC-Client-Application-Name', bytes(sent.application)],
      ['X-SVC-Privilege-Names', bytes('lecteur; écrivain')],
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      user: sent.user,
      sessionId: sent.session,
      clientApplicationName: sent.application,
      privilegeNames: 'lecteur;écrivain',
    });
    expect(asked).toEqual([['lecteur', 'écrivain']]);
  });

  it('leave a locale or an IP with bytes over 0x7f refused for its shape', async () => {
    const locale = await context([['X-SVC-Locale', 'fr-é']]);
    expect(JSON.parse(locale.body).error.message).toBe(
      'X-SVC-Locale must be a language tag such as en or de-CH',
    );
    const ip = await context([['X-SVC-IP', '10.0.0.é']]);
    expect(JSON.parse(ip.body).error.message).toBe('X-SVC-IP must be an IP address');
  });

  it('count characters, not bytes, against the 1024 limit', async () => {
    const fits = await context([['X-SVC-User', 'é'.repeat(1024)]]);
    expect(JSON.parse(fits.body).user).toBe('é'.repeat(1024));
    const over = await context([['X-SVC-User', 'é'.repeat(1025)]]);
    expect(JSON.parse(over.body).error.message).toBe('X-SVC-User is longer than 1024 characters');
  });

  it('round-trip any text a header line can carry', async () => {
    // No control characters, and no white space at either end, which HTTP drops.
    const text = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
      .filter((s) => ![...s].some(isControl) && s.trim() === s && s !== '');
    await fc.assert(
      fc.asyncProperty(text, async (user) => {
        const answer = await context([['X-SVC-User', user]]);
        expect(JSON.parse(answer.body).user).toBe(user);
      }),
      { numRuns: 50 },
    );
  });
});
