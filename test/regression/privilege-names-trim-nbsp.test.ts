import { type PermissionRequest } from 'portico';
import { probe } from '../fixtures/services';
import { sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';

// Bug (issue 11, finding 5): privilege names were trimmed with String.prototype.trim, which also
// strips U+00A0 and other Unicode spaces, so `\u00a0admin` became `admin`. Only HTTP white space
// (space and tab) surrounds a name; anything else is part of it.
describe('privilege names', () => {
  let server: TestServer;
  const asked: PermissionRequest[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [probe],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          permissionResolver: (request) => {
            asked.push(request);
            return request.privilegeNames.includes('admin');
          },
        },
      },
    });
  });
  afterAll(() => server.close());

  /** Sends the header's characters as Latin-1 bytes, one byte each, as HTTP carries them. */
  const call = (method: string, names: string) =>
    sendRaw(
      server.url,
      Buffer.from(
        `POST /probe/probe/${method} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `X-SVC-Privilege-Names: ${names}\r\nContent-Length: 1\r\n\r\n1`,
        'latin1',
      ),
    );

  it('keep a no-break space that surrounds them, and lose spaces and tabs', async () => {
    const answer = await call('context', ' \t\u00a0admin\u00a0\t ; \treader ;;');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).privilegeNames).toBe('\u00a0admin\u00a0;reader');
    expect(asked.at(-1)?.privilegeNames).toEqual(['\u00a0admin\u00a0', 'reader']);
  });

  it('with a no-break space are not the name without it', async () => {
    expect((await call('secret', '\u00a0admin')).status).toBe(403);
    expect((await call('secret', ' \tadmin\t ')).status).toBe(200);
  });
});
