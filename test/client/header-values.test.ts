import fc from 'fast-check';
import { type ContextHeaders, createClient, withCallOptions } from 'portico';
import { type ProbeService, probe } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';

/** Issue 24: the client sends what the user gave, or refuses it before anything is sent. */
describe('createClient header values', () => {
  let server: TestServer;
  let sent = 0;
  const counting: typeof fetch = (input, init) => {
    sent++;
    return fetch(input, init);
  };
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [probe],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          permissionResolver: ({ privilegeNames }) => privilegeNames.includes('admin'),
        },
      },
    });
  });
  afterAll(() => server.close());

  const client = (headers: ContextHeaders) =>
    createClient<ProbeService>({
      baseUrl: server.url,
      microservice: 'probe',
      service: 'probe',
      headers,
      dates: {
        profile: { '$.born': true },
        team: { '$.members[*].born': true, '$.lead.born': true },
      },
      fetch: counting,
    });

  it.each<[string, ContextHeaders]>([
    ['a ; inside a privilege name', { privilegeNames: ['viewer;admin'] }],
    ['a , inside a privilege name', { privilegeNames: ['viewer,admin'] }],
    ['an empty privilege name', { privilegeNames: [''] }],
    ['a privilege name with white space around it', { privilegeNames: [' admin'] }],
    ['a CR/LF in a user', { user: 'ada\r\nX-SVC-Privilege-Names: admin' }],
    ['a NUL in a session id', { sessionId: 'abc\u0000' }],
    ['a non-ASCII character in a user', { user: 'Zoë' }],
    ['an empty locale', { locale: '' }],
  ])('refuses %s with a TypeError when the client is made', (_, headers) => {
    expect(() => client(headers)).toThrow(TypeError);
  });

  it.each(['localhost:8082', '//host', 'http://'])(
    'refuses baseUrl %s with a TypeError',
    (baseUrl) => {
      const make = () =>
        createClient<ProbeService>({
          baseUrl,
          microservice: 'probe',
          service: 'probe',
          dates: {
            profile: { '$.born': true },
            team: { '$.members[*].born': true, '$.lead.born': true },
          },
        });
      expect(make).toThrow(TypeError);
    },
  );

  it('refuses a request id with a line break as a TypeError, not a NETWORK_ERROR, sending nothing', async () => {
    const before = sent;
    const probeClient = withCallOptions(client({}), { requestId: 'id\nX-SVC-User: root' });
    await expect(probeClient.echo('hi')).rejects.toThrow(TypeError);
    expect(sent).toBe(before);
  });

  it('still sends names, users and request ids that travel as they are', async () => {
    const probeClient = client({ privilegeNames: ['viewer', 'admin'], user: 'ada lovelace' });
    const context = await withCallOptions(probeClient, { requestId: 'call-1' }).context(0);
    expect(context).toMatchObject({
      privilegeNames: 'viewer;admin',
      user: 'ada lovelace',
      requestId: 'call-1',
      privileged: true,
    });
  });

  const unit = fc.constantFrom('a', 'd', 'm', 'i', 'n', ';', ',', ' ', '\t', '\r\n', '\0', 'é');
  const text = fc.string({ unit, maxLength: 8 });

  it('either refuses privilege names and a user, or the method sees exactly them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 3 }), text, async (privilegeNames, user) => {
        let made: ReturnType<typeof client>;
        try {
          made = client({ privilegeNames, user });
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          return;
        }
        const context = (await made.context(0)) as Record<string, unknown>;
        expect(context.privilegeNames).toBe(privilegeNames.join(';'));
        expect(context.user).toBe(user);
        expect(context.privileged).toBe(privilegeNames.includes('admin'));
      }),
      { numRuns: 60 },
    );
  });
});
