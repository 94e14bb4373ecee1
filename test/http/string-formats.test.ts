import { Field, nativeApp, RemoteMethod, RemoteService } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

class Contact {
  @Field({ format: 'email' }) email!: string;
  @Field([String], { format: 'uuid' }) ids!: string[];
  @Field({ format: 'date' }) born!: string;
}

@RemoteService('contacts')
class ContactService {
  @RemoteMethod({ params: [Contact], returns: Contact })
  add(contact: Contact): Contact {
    return contact;
  }

  @RemoteMethod({ returns: Contact })
  broken(): Contact {
    return { email: 'nobody', ids: [], born: '2024-01-01' };
  }
}

const app = nativeApp({ name: 'fmt', services: [ContactService] });
const UUID = '123e4567-e89b-12d3-a456-426614174000';

function contactJson(change: Record<string, string> = {}): string {
  const fields = { email: '"a@example.com"', ids: `["${UUID}"]`, born: '"2024-02-29"', ...change };
  return `{${Object.entries(fields)
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')}}`;
}

function contactXml(root: string, change: Record<string, string> = {}): string {
  const fields = {
    email: 'a@example.com',
    ids: `<string>${UUID}</string>`,
    born: '2024-02-29',
    ...change,
  };
  return `<${root}>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</${root}>`;
}

const SEQUENCES = [
  ['libB JSON', json(), (c: Record<string, [string, string]>) => contactJson(pick(c, 0))],
  [
    'libB XML',
    xml('libB'),
    (c: Record<string, [string, string]>) => contactXml('Contact', pick(c, 1)),
  ],
  [
    'libA XML',
    xml('libA'),
    (c: Record<string, [string, string]>) => contactXml('Contact', pick(c, 1)),
  ],
] as const;

function pick(change: Record<string, [string, string]>, i: 0 | 1): Record<string, string> {
  return Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v[i]]));
}

describe('string formats on the wire', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [app] });
  });
  afterAll(() => server.close());

  const call = (method: string, headers: Record<string, string>, body: string) =>
    send(server.url, `/fmt/contacts/${method}`, { headers, body });

  it.each(SEQUENCES)('takes values of their formats in %s', async (_, headers, body) => {
    const answer = await call('add', headers, body({}));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('a@example.com');
  });

  const refusals: [string, Record<string, [string, string]>, string][] = [
    [
      'email',
      { email: ['"a@b..c"', 'a@b..c'] },
      'field email: expected an email address, got "a@b..c"',
    ],
    [
      'uuid',
      { ids: [`["${UUID}","x-1"]`, `<string>${UUID}</string><string>x-1</string>`] },
      'field ids[1]: expected a UUID, got "x-1"',
    ],
    [
      'date',
      { born: ['"2023-02-29"', '2023-02-29'] },
      'field born: expected a date (YYYY-MM-DD), got "2023-02-29"',
    ],
  ];
  for (const [format, change, message] of refusals) {
    it.each(SEQUENCES)(
      `refuses a value off the ${format} format in %s`,
      async (_, headers, body) => {
        const answer = await call('add', headers, body(change));
        expect(answer.status).toBe(400);
        expect(answer.error?.code).toBe('INVALID_ARGUMENT');
        expect(answer.error?.message).toContain(message);
      },
    );
  }

  it('answers a result off its format with a 500, and keeps serving', async () => {
    const answer = await call('broken', json({ 'X-SVC-API-ID': 'RMC' }), '[]');
    expect(answer.status).toBe(500);
    expect((await call('add', json(), contactJson())).status).toBe(200);
  });
});
