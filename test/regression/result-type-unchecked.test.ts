import { Field, Int, nativeApp, RemoteMethod, RemoteService } from 'portico';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

// Bug (issue 11, finding 5): a result was checked against its declared type only for numbers, so
// a string returned from a method declared `returns: Int` answered 200 `"str1"` in JSON and
// `<int>str1</int>` in XML. Every declared type is checked now: a result that does not fit is the
// method's 500, its detail shown only in development mode.
class Point {
  @Field(Int) x!: number;
  @Field({ optional: true }) label?: string;
}

/** Returns what its argument names, whatever it declares. */
@RemoteService('wrong')
class WrongService {
  @RemoteMethod({ params: [String], returns: Int })
  int(kind: string): unknown {
    return kind === 'good' ? 7 : 'str1';
  }

  @RemoteMethod({ params: [String], returns: String })
  string(kind: string): unknown {
    return kind === 'good' ? 'text' : 5;
  }

  @RemoteMethod({ params: [String], returns: Boolean })
  boolean(kind: string): unknown {
    return kind === 'good' ? false : 'true';
  }

  @RemoteMethod({ params: [String], returns: Date })
  date(kind: string): unknown {
    if (kind === 'good') return new Date(0);
    if (kind === 'far') return new Date('+010000-01-01T00:00:00Z');
    return kind === 'invalid' ? new Date(Number.NaN) : '2024-01-01';
  }

  @RemoteMethod({ params: [String], returns: [Int] })
  list(kind: string): unknown {
    return kind === 'good' ? [1, 2] : [1, '2'];
  }

  @RemoteMethod({ params: [String], returns: Point })
  point(kind: string): unknown {
    if (kind === 'good') return { x: 1 };
    return kind === 'missing' ? { label: 'a' } : { x: 1, label: 9 };
  }
}

const wrong = nativeApp({ name: 'wrong', services: [WrongService] });

describe('a result that does not fit its declared type', () => {
  let server: TestServer;
  let development: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [wrong] });
    development = await startTestServer({ microservices: [wrong], development: true });
  });
  afterAll(async () => {
    await server.close();
    await development.close();
  });

  const call = (target: TestServer, method: string, kind: string, family: 'JSON' | 'XML') =>
    send(target.url, `/wrong/wrong/${method}`, {
      headers: family === 'JSON' ? json() : xml('libB'),
      body: family === 'JSON' ? JSON.stringify(kind) : `<string>${kind}</string>`,
    });

  const cases = [
    ['int', 'bad', 'the result is "str1", which does not fit its declared type int'],
    ['string', 'bad', 'the result is 5, which does not fit its declared type string'],
    ['boolean', 'bad', 'the result is "true", which does not fit its declared type boolean'],
    ['date', 'bad', 'the result is "2024-01-01", which does not fit its declared type date'],
    ['date', 'invalid', 'the result is an invalid date, which does not fit its declared type date'],
    // toISOString writes `+010000-…`, which no RFC 3339 reader (this server's included) takes back.
    [
      'date',
      'far',
      'the result is +010000-01-01T00:00:00.000Z, beyond the years 0000-9999 of RFC 3339, which does not fit its declared type date',
    ],
    ['list', 'bad', 'field [1] of the result is "2", which does not fit its declared type int'],
    ['point', 'missing', 'field x of the result is missing'],
    ['point', 'bad', 'field label of the result is 9, which does not fit its declared type string'],
  ];

  it.each(
    cases.flatMap(([method, kind]) => [
      [method, kind, 'JSON'],
      [method, kind, 'XML'],
    ]),
  )('%s (%s) is a 500 in %s without its detail', async (method, kind, family) => {
    const answer = await call(server, method as string, kind as string, family as 'JSON' | 'XML');
    expect(answer.status).toBe(500);
    expect(answer.error).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
  });

  it.each(cases)(
    '%s (%s) names what does not fit in development mode',
    async (method, kind, message) => {
      const answer = await call(development, method as string, kind as string, 'JSON');
      expect(answer.status).toBe(500);
      expect(answer.error?.message).toBe(message);
    },
  );

  it.each(['int', 'string', 'boolean', 'date', 'list', 'point'])(
    '%s answers a result that fits',
    async (method) => {
      expect((await call(server, method, 'good', 'JSON')).status).toBe(200);
      expect((await call(server, method, 'good', 'XML')).status).toBe(200);
    },
  );
});
