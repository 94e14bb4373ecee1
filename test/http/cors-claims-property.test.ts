import fc from 'fast-check';
import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { send } from '../support/http';

const CLAIMS = [
  'x-svc-privilege-names',
  'x-svc-user',
  'x-svc-session-id',
  'x-svc-client-application-name',
  'x-svc-ip',
];
const ORIGINS = ['https://app.test', 'https://app.test:8443', 'http://app.test', 'https://b.test'];

/**
 * Issue 24, as a contract: whatever origins are configured, a preflight allows a claim header
 * exactly when the request's origin is one of the credential origins, character for character.
 */
describe('the claim headers in preflights', () => {
  const servers = new Map<string, TestServer>();
  afterAll(() => Promise.all([...servers.values()].map((server) => server.close())));

  async function serverFor(origins: '*' | string[], credentialOrigins: string[]) {
    const key = JSON.stringify([origins, credentialOrigins]);
    let server = servers.get(key);
    if (!server) {
      const cors = { origins, credentialOrigins };
      server = await startTestServer({
        microservices: [calc],
        ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { cors } },
      });
      servers.set(key, server);
    }
    return server;
  }

  it('are allowed to the credential origins only', async () => {
    const someOrigins = fc.subarray(ORIGINS);
    const origin = fc.constantFrom(...ORIGINS, 'https://APP.test', 'https://app.test/', 'null');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant('*' as const), someOrigins),
        someOrigins,
        origin,
        async (origins, credentialOrigins, from) => {
          const server = await serverFor(origins, credentialOrigins);
          const answer = await send(server.url, '/calc/multiplier/mulTwo', {
            method: 'OPTIONS',
            headers: { Origin: from, 'Access-Control-Request-Method': 'POST' },
          });
          const allowed = String(answer.headers['access-control-allow-headers'] ?? '')
            .toLowerCase()
            .split(', ');
          const claims = CLAIMS.filter((header) => allowed.includes(header));
          expect(claims).toEqual(credentialOrigins.includes(from) ? CLAIMS : []);
          const open =
            origins === '*' || origins.includes(from) || credentialOrigins.includes(from);
          expect(answer.headers['access-control-allow-origin'] !== undefined).toBe(open);
        },
      ),
      { numRuns: 60 },
    );
  });
});
