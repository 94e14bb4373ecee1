import shop from '../../examples/shop';
import { contract } from '../fixtures/contract';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

const LINE = '{"sku":"ABC-1234","quantity":2}';

/** An order as libB JSON, with fields replaced or removed (`undefined`). */
function order(change: Record<string, string | undefined> = {}): string {
  const fields: Record<string, string | undefined> = {
    currency: '"EUR"',
    lines: `[${LINE}]`,
    deliverBy: '"2024-05-06T07:08:09Z"',
    ...change,
  };
  const parts = Object.entries(fields).filter(([, v]) => v !== undefined);
  return `{${parts.map(([k, v]) => `"${k}":${v}`).join(',')}}`;
}

/** The same order as XML under `root`, its fields as elements. */
function orderXml(root: string, change: Record<string, string | undefined> = {}): string {
  const fields: Record<string, string | undefined> = {
    currency: 'EUR',
    lines: '<orderLine><sku>ABC-1234</sku><quantity>2</quantity></orderLine>',
    deliverBy: '2024-05-06T07:08:09Z',
    ...change,
  };
  const parts = Object.entries(fields).filter(([, v]) => v !== undefined);
  return `<${root}>${parts.map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</${root}>`;
}

/** One order in each of the four sequences. */
function inEverySequence(change: Record<string, [string | undefined, string | undefined]>) {
  const asJson = Object.fromEntries(Object.entries(change).map(([k, [j]]) => [k, j]));
  const asXml = Object.fromEntries(Object.entries(change).map(([k, [, x]]) => [k, x]));
  return [
    ['libB JSON', json(), order(asJson)],
    [
      'libA JSON',
      json({ 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' }),
      `{"order":${order(asJson)}}`,
    ],
    ['libB XML', xml('libB'), orderXml('Order', asXml)],
    ['libA XML', xml('libA'), orderXml('order', asXml)],
  ] as const;
}

describe('the contract: what the document states, the runtime enforces', () => {
  let server: TestServer;
  let development: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [shop, contract] });
    development = await startTestServer({ microservices: [contract], development: true });
  });
  afterAll(async () => {
    await server.close();
    await development.close();
  });

  const place = (headers: Record<string, string>, body: string) =>
    send(server.url, '/shop/orders/place', { headers, body });

  it.each(inEverySequence({}))('accepts a valid order in %s', async (_, headers, body) => {
    const answer = await place(headers, body);
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/NEW/);
  });

  const refusals: [string, Record<string, [string | undefined, string | undefined]>, RegExp][] = [
    [
      'a currency outside the literal union',
      { currency: ['"XYZ"', 'XYZ'] },
      /field currency: expected one of "EUR", "USD", got "XYZ"/,
    ],
    [
      'a date without a time',
      { deliverBy: ['"2024-05-06"', '2024-05-06'] },
      /field deliverBy: expected an RFC 3339 date-time/,
    ],
    [
      'a date-time without seconds or offset',
      { deliverBy: ['"2024-05-06T07:08"', '2024-05-06T07:08'] },
      /field deliverBy: expected an RFC 3339/,
    ],
    [
      'February 30',
      { deliverBy: ['"2024-02-30T00:00:00Z"', '2024-02-30T00:00:00Z'] },
      /field deliverBy/,
    ],
    [
      'second 60 of a minute that is not 23:59 in UTC',
      { deliverBy: ['"2016-12-31T23:59:60+01:00"', '2016-12-31T23:59:60+01:00'] },
      /field deliverBy: expected an RFC 3339 date-time/,
    ],
    [
      'second 60 of a minute that is not 23:59 in UTC, at an offset west of UTC',
      { deliverBy: ['"2016-12-31T23:59:60-01:00"', '2016-12-31T22:59:60-00:30'] },
      /field deliverBy: expected an RFC 3339 date-time/,
    ],
    [
      'an instant before the year 0000 in UTC, which RFC 3339 could not write back',
      { deliverBy: ['"0000-01-01T00:00:00+00:01"', '0000-01-01T00:00:00+01:00'] },
      /field deliverBy: expected an RFC 3339 date-time, got .* \(in UTC outside the years 0000-9999\)/,
    ],
    [
      'an instant after the year 9999 in UTC, which RFC 3339 could not write back',
      { deliverBy: ['"9999-12-31T23:59:59-00:01"', '9999-12-31T23:30:00-01:00'] },
      /field deliverBy: expected an RFC 3339 date-time, got .* \(in UTC outside the years 0000-9999\)/,
    ],
    [
      'a quantity below the minimum',
      {
        lines: [
          '[{"sku":"ABC-1234","quantity":0}]',
          '<x><sku>ABC-1234</sku><quantity>0</quantity></x>',
        ],
      },
      /field lines\[0\]\.quantity: 0 is less than 1/,
    ],
    [
      'a quantity above the maximum',
      {
        lines: [
          '[{"sku":"ABC-1234","quantity":100}]',
          '<x><sku>ABC-1234</sku><quantity>100</quantity></x>',
        ],
      },
      /field lines\[0\]\.quantity: 100 is more than 99/,
    ],
    [
      'a sku off the pattern',
      {
        lines: [
          '[{"sku":"abc-1234","quantity":1}]',
          '<x><sku>abc-1234</sku><quantity>1</quantity></x>',
        ],
      },
      /field lines\[0\]\.sku: does not match the pattern/,
    ],
    ['no lines', { lines: ['[]', ''] }, /field lines: 0 items, fewer than 1/],
    [
      'a note that is too long',
      { note: [`"${'n'.repeat(201)}"`, 'n'.repeat(201)] },
      /field note: 201 characters, more than 200/,
    ],
  ];
  for (const [what, change, message] of refusals) {
    it.each(inEverySequence(change))(`refuses ${what} in %s`, async (_, headers, body) => {
      const answer = await place(headers, body);
      expect(answer.status).toBe(400);
      expect(answer.error?.code).toBe('INVALID_ARGUMENT');
      expect(answer.error?.message).toMatch(/^argument 0 \(Order\): /);
      expect(answer.error?.message).toMatch(message);
    });
  }

  it('tells null from absent: a required nullable field takes null, an optional one refuses it', async () => {
    expect((await place(json(), order({ deliverBy: 'null' }))).text).toBe(
      '{"status":"NEW","items":2,"currency":"EUR","deliverBy":null}',
    );
    const missing = await place(json(), order({ deliverBy: undefined }));
    expect(missing.error?.message).toBe(
      'argument 0 (Order): field deliverBy: required field is missing',
    );
    const nullNote = await place(json(), order({ note: 'null' }));
    expect(nullNote.error?.message).toBe(
      'argument 0 (Order): field note: null is not allowed (leave the field out instead)',
    );
    const optionalNullable = await send(server.url, '/contract/contract/read', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: '[{"level":2,"ratio":1,"spare":null}]',
    });
    expect(optionalNullable.text).toBe('{"level":2,"ratio":1,"spare":null}');
  });

  it.each(
    inEverySequence({ deliverBy: ['"2016-12-31T23:59:60.5Z"', '2017-01-01T00:59:60.5+01:00'] }),
  )(
    'takes a leap second as RFC 3339 and the document allow it, as 23:59:59, in %s',
    async (_, headers, body) => {
      const answer = await place(headers, body);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('2016-12-31T23:59:59.500Z');
    },
  );

  it.each(
    inEverySequence({ deliverBy: ['"2016-12-31T18:59:60-05:00"', '2016-12-31T23:29:60-00:30'] }),
  )('takes a leap second at an offset west of UTC, in %s', async (_, headers, body) => {
    const answer = await place(headers, body);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('2016-12-31T23:59:59.000Z');
  });

  it('reads an absent nullable element as null in XML, which has no null', async () => {
    const answer = await place(xml('libB'), orderXml('Order', { deliverBy: undefined }));
    expect(answer.text).toBe(
      '<PlacedOrder><status>NEW</status><items>2</items><currency>EUR</currency></PlacedOrder>',
    );
  });

  it('checks numeric enums and exclusive bounds, nested and as RMC arguments', async () => {
    const call = (path: string, body: string, headers = json({ 'X-SVC-API-ID': 'RMC' })) =>
      send(server.url, `/contract/contract/${path}`, { headers, body });
    expect((await call('weigh', '[2,3]')).text).toBe('6');
    expect((await call('weigh', '[3,3]')).error?.message).toBe(
      'argument 0 (1 | 2): expected one of 1, 2, got 3',
    );
    const libA = json({
      'X-SVC-API-ID': 'RMC',
      'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence',
    });
    expect((await call('weigh', '[{"int":"2"},{"int":3}]', libA)).text).toBe('{"int":6}');
    const inXml = xml('libA', { 'X-SVC-API-ID': 'RMC' });
    expect(
      (await call('weigh', '<paramArray><int>2</int><int>3</int></paramArray>', inXml)).text,
    ).toBe('<int>6</int>');
    expect(
      (await call('weigh', '<paramArray><int>5</int><int>3</int></paramArray>', inXml)).status,
    ).toBe(400);
    expect((await call('read', '[{"level":"1","ratio":0.5}]')).error?.message).toMatch(
      /field level: expected one of 1, 2, got "1"/,
    );
    expect((await call('read', '[{"level":1,"ratio":0}]')).error?.message).toMatch(
      /field ratio: 0 is not more than 0/,
    );
    expect(
      (await call('read', '[{"level":1,"ratio":0.5,"labels":["a","b","c"]}]')).error?.message,
    ).toMatch(/field labels: 3 items, more than 2/);
    expect(
      (await call('read', '[{"level":1,"ratio":0.5,"labels":["a",""]}]')).error?.message,
    ).toMatch(/field labels\[1\]: 0 characters, fewer than 1/);
  });

  it('answers 500 for a result that breaks its declared type, with detail only in development mode', async () => {
    const cases = [
      ['badLevel', '[7]', /the result does not fit its declared type: expected one of 1, 2, got 7/],
      ['badReading', '[0]', /field ratio of the result .*2 is more than 1/],
      ['badReading', '[1]', /field spare of the result is "x"/],
      ['badReading', '[2]', /field level of the result is missing/],
      ['notAString', '[5]', /the result is 5, which does not fit its declared type string/],
    ] as const;
    for (const [method, body, detail] of cases) {
      const headers = json({ 'X-SVC-API-ID': 'RMC' });
      const hidden = await send(server.url, `/contract/contract/${method}`, { headers, body });
      expect(hidden.status).toBe(500);
      expect(hidden.error?.message).toBe('Internal server error');
      const shown = await send(development.url, `/contract/contract/${method}`, { headers, body });
      expect(shown.status).toBe(500);
      expect(shown.error?.message).toMatch(detail);
    }
  });
});
