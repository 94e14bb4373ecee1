import { Field, nativeApp, RemoteMethod, RemoteService } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

class Contact {
  @Field({ format: 'email' }) email!: string;
  @Field([String], { format: 'uuid' }) ids!: string[];
  @Field({ format: 'date' }) born!: string;
  @Field({ format: 'time' }) opens!: string;
  @Field({ format: 'date-time' }) seen!: string;
  @Field({ format: 'ipv6' }) host!: string;
  @Field({ format: 'uri' }) site!: string;
}

@RemoteService('contacts')
class ContactService {
  @RemoteMethod({ params: [Contact], returns: Contact })
  add(contact: Contact): Contact {
    return contact;
  }

  @RemoteMethod({ returns: Contact })
  broken(): Contact {
    return { ...VALID, email: 'nobody', ids: [] };
  }
}

const app = nativeApp({ name: 'fmt', services: [ContactService] });
const UUID = '123e4567-e89b-12d3-a456-426614174000';
/** A date-time a `Date` would write otherwise (`…Z`): a string of the format stays as sent. */
const SEEN = '2016-12-31T18:59:60.250-05:00';
const VALID = {
  email: 'a@example.com',
  born: '2024-02-29',
  opens: '09:30:00+01:00',
  seen: SEEN,
  host: '::ffff:192.0.2.1',
  site: 'https://example.com/a?b#c',
};

function contactJson(change: Record<string, string> = {}): string {
  const texts = Object.entries(VALID).map(([k, v]) => [k, JSON.stringify(v)]);
  const fields = { ...Object.fromEntries(texts), ids: `["${UUID}"]`, ...change };
  return `{${Object.entries(fields)
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')}}`;
}

function contactXml(root: string, change: Record<string, string> = {}): string {
  const fields = { ...VALID, ids: `<string>${UUID}</string>`, ...change };
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
    expect(answer.text).toContain(SEEN);
    expect(answer.text).toContain('https://example.com/a?b#c');
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
    [
      'time',
      { opens: ['"09:30:00+0100"', '09:30:00+0100'] },
      'field opens: expected a time (hh:mm:ss and Z or an offset), got "09:30:00+0100"',
    ],
    [
      'date-time',
      { seen: ['"2024-05-06T07:08:60Z"', '2024-05-06T07:08:60Z'] },
      'field seen: expected an RFC 3339 date-time, got "2024-05-06T07:08:60Z"',
    ],
    [
      'ipv6',
      { host: ['"1::2::3"', '1::2::3'] },
      'field host: expected an IPv6 address, got "1::2::3"',
    ],
    [
      'uri',
      { site: ['"example.com/a b"', 'example.com/a b'] },
      'field site: expected a URI, got "example.com/a b"',
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
