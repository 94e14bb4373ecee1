import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { buildShapesProject } from './shapes-project';

const LIB_A_JSON = { 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' };
const RMC = { 'X-SVC-API-ID': 'RMC' };
/** A refusal's message without its argument, as XML escapes it or not. */
function shown(message = ''): string {
  const text = message
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
  return text.replace(/^argument 0 \([^)]*\)(: )?/, '');
}

const NIL = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"';

describe('records, tuples and nullable parameters and items, with a contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-shapes-'));
  let server: TestServer;
  let document: any;

  beforeAll(async () => {
    const { app, generation } = await buildShapesProject(dir);
    expect(generation.diagnostics).toEqual([]);
    document = generation.document;
    server = await startTestServer({ microservices: [app], logLevel: 'silent' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, body: string, headers = json()) =>
    send(server.url, `/shapes/shapes/${method}`, { headers, body });

  it('describes them in the document', () => {
    const content = (method: string) =>
      document.paths[`/shapes/shapes/${method}`].post.requestBody.content;
    expect(content('scores')['application/json'].schema.anyOf[0]).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
      'x-portico-xml': { entry: 'entry', key: 'key', value: 'value' },
      xml: { name: 'object' },
    });
    expect(document.components.schemas.Shelf.properties.counts.additionalProperties).toEqual({
      type: 'number',
      minimum: 0,
    });
    expect(content('pair')['application/xml'].schema).toMatchObject({
      prefixItems: [
        { type: 'string', xml: { name: 'string' } },
        { type: 'number', xml: { name: 'double' } },
      ],
      minItems: 2,
      maxItems: 2,
      xml: { name: 'object-array' },
    });
    expect(content('rest')['application/xml'].schema).toMatchObject({
      items: { type: 'boolean', xml: { name: 'boolean' } },
      minItems: 1,
    });
    expect(content('pair')['application/json'].schema.anyOf[1].required).toEqual(['object-array']);
    expect(content('maybe')['application/json'].schema.anyOf[0]).toEqual({
      type: ['string', 'null'],
      xml: { name: 'string' },
    });
  });

  it('binds a record in all four sequences and answers it as it came', async () => {
    expect((await call('scores', '{"a":1,"two words":2}')).text).toBe('{"a":1,"two words":2}');
    expect((await call('scores', '{"object":{"a":1}}', json(LIB_A_JSON))).text).toBe(
      '{"object":{"a":1}}',
    );
    const entries =
      '<entry><key>a b</key><value>1.5</value></entry><entry><key></key><value>2</value></entry>';
    for (const family of ['libA', 'libB'] as const) {
      const answer = await call('scores', `<object>${entries}</object>`, xml(family));
      expect(answer.text).toBe(`<object>${entries}</object>`);
    }
  });

  it('keeps __proto__ and constructor as keys: nothing is polluted', async () => {
    const answer = await call('keys', '{"__proto__":{"polluted":1},"constructor":2}');
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe(
      'argument 0 (Record<string, number>): field __proto__: expected a number, got an object',
    );
    const keys = await call('keys', '{"__proto__":1,"constructor":2,"toString":3}');
    expect(JSON.parse(keys.text)).toEqual([
      '__proto__',
      'constructor',
      'toString',
      'null',
      'undefined',
    ]);
    const echoed = await call('scores', '{"__proto__":1}');
    expect(echoed.text).toBe('{"__proto__":1}');
    const inXml = await call(
      'keys',
      '<object><entry><key>__proto__</key><value>1</value></entry></object>',
      xml('libB'),
    );
    expect(inXml.text).toBe(
      '<string-array><string>__proto__</string><string>null</string><string>undefined</string></string-array>',
    );
  });

  it('refuses a bad record value, key or entry with a 400 naming it', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['scores', '{"a":"x"}', json(), 'field a: expected a number, got "x"'],
      ['scores', '[1]', json(), 'expected Record<string, number>, got an array'],
      ['scores', '{"a":1,"a":2}', json(), 'field a: field is given twice'],
      ['scores', '{"a":null}', json(), 'field a: expected a number, got null'],
      [
        'scores',
        '<object><entry><key>k</key><value>1</value></entry><entry><key>k</key><value>2</value></entry></object>',
        xml('libB'),
        'field k: key is given twice',
      ],
      ['scores', '<object><item>1</item></object>', xml('libB'), 'expected <entry>, got <item>'],
      [
        'scores',
        '<object><entry><key>k</key></entry></object>',
        xml('libB'),
        'field k: <entry> has no <value>',
      ],
      [
        'scores',
        '<object><entry><value>1</value></entry></object>',
        xml('libB'),
        '<entry> needs a <key> holding the key as text',
      ],
      [
        'scores',
        '<object><entry><key>k</key><key>j</key><value>1</value></entry></object>',
        xml('libB'),
        '<entry> holds one <key> and one <value>, got <key>',
      ],
      [
        'scores',
        '<object><entry><key>k</key><value>1</value><item/></entry></object>',
        xml('libB'),
        '<entry> holds one <key> and one <value>, got <item>',
      ],
      [
        'scores',
        '<object><entry>k<key>k</key><value>1</value></entry></object>',
        xml('libB'),
        'expected <key> and <value>, got text',
      ],
      [
        'scores',
        '<object><entry><key><b>k</b></key><value>1</value></entry></object>',
        xml('libB'),
        '<entry> needs a <key> holding the key as text',
      ],
      [
        'scores',
        `<object><entry><key ${NIL}/><value>1</value></entry></object>`,
        xml('libB'),
        '<entry> needs a <key> holding the key as text',
      ],
      [
        'scores',
        `<object><entry><key>k</key><value ${NIL}/></entry></object>`,
        xml('libB'),
        'field k: null is not allowed',
      ],
      ['scores', '<object>1</object>', xml('libB'), 'expected Record<string, number>, got text'],
      [
        'shelf',
        '{"name":"n","books":{"x y":{"title":1}}}',
        json(),
        'field books["x y"].title: expected a string, got 1',
      ],
      [
        'shelf',
        '{"name":"n","books":{},"counts":{"a":-1}}',
        json(),
        'field counts.a: -1 is less than 0',
      ],
    ];
    for (const [method, body, headers, message] of cases) {
      const answer = await call(method, body, headers);
      expect([answer.status, shown(answer.error?.message)]).toEqual([400, message]);
    }
  });

  it('binds a tuple by position, with optional and rest items', async () => {
    expect((await call('pair', '["a",1]')).text).toBe('["a",1]');
    expect((await call('rest', '["a"]')).text).toBe('["a"]');
    expect((await call('rest', '["a",2,true,false]')).text).toBe('["a",2,true,false]');
    const inXml = '<object-array><string>a</string><double>1</double></object-array>';
    for (const family of ['libA', 'libB'] as const) {
      expect((await call('pair', inXml, xml(family))).text).toBe(inXml);
    }
    expect((await call('pair', '{"object-array":["a","1"]}', json(LIB_A_JSON))).text).toBe(
      '{"object-array":["a",1]}',
    );
  });

  it('refuses a tuple of the wrong length or item type with a 400 naming the index', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      [
        'pair',
        '["a"]',
        json(),
        'field [1]: item is missing: [string, number] has at least 2 items',
      ],
      [
        'pair',
        '["a",1,2]',
        json(),
        'field [2]: item is not declared: [string, number] has at most 2 items',
      ],
      ['pair', '[1,1]', json(), 'field [0]: expected a string, got 1'],
      ['pair', '{"0":"a"}', json(), 'expected [string, number], got an object'],
      ['rest', '["a",1,"x"]', json(), 'field [2]: expected a boolean, got "x"'],
      [
        'rest',
        '[]',
        json(),
        'field [0]: item is missing: [string, number?, ...boolean[]] has at least 1 items',
      ],
      [
        'pair',
        '<object-array><string>a</string></object-array>',
        xml('libB'),
        'field [1]: item is missing: [string, number] has at least 2 items',
      ],
      [
        'pair',
        '<object-array><string>a</string><double>x</double></object-array>',
        xml('libA'),
        'field [1]: expected a number, got "x"',
      ],
    ];
    for (const [method, body, headers, message] of cases) {
      const answer = await call(method, body, headers);
      expect([answer.status, shown(answer.error?.message)]).toEqual([400, message]);
    }
  });

  it('takes null for a nullable parameter in ROA and RMC, in JSON and XML (xsi:nil)', async () => {
    expect((await call('maybe', 'null')).text).toBe('null');
    expect((await call('maybe', '"x"')).text).toBe('"x"');
    expect((await call('maybe', '{"string":null}', json(LIB_A_JSON))).text).toBe('{"string":null}');
    const nil = `<string ${NIL}/>`;
    for (const family of ['libA', 'libB'] as const) {
      expect((await call('maybe', nil, xml(family))).text).toBe(nil);
      expect((await call('maybe', '<string/>', xml(family))).text).toBe('<string></string>');
    }
    expect((await call('both', '[null,{"title":"t"}]', json(RMC))).text).toBe('[null,"t"]');
    expect((await call('both', '["a",null]', json(RMC))).text).toBe('["a",null]');
    const params = `<paramArray><string ${NIL}/><book><title>t</title></book></paramArray>`;
    expect((await call('both', params, xml('libB', RMC))).text).toBe(
      `<string-array><string ${NIL}/><string>t</string></string-array>`,
    );
  });

  it('reads xsi:nil by its namespace, not by its prefix, in ROA and RMC', async () => {
    const xsi = 'http://www.w3.org/2001/XMLSchema-instance';
    const nil = `<string xmlns:xsi="${xsi}" xsi:nil="true"/>`;
    expect((await call('maybe', `<string xmlns:i="${xsi}" i:nil="1"/>`, xml('libA'))).text).toBe(
      nil,
    );
    const other = '<string xmlns:xsi="urn:other" xsi:nil="true"/>';
    expect((await call('maybe', other, xml('libA'))).text).toBe('<string></string>');
    const params = `<paramArray xmlns:i="${xsi}"><string i:nil="true"/><book><title>t</title></book></paramArray>`;
    expect((await call('both', params, xml('libB', RMC))).text).toBe(
      `<string-array>${nil}<string>t</string></string-array>`,
    );
    const undeclared = await call('maybe', '<string xsi:nil="true"/>', xml('libA'));
    expect([undeclared.status, undeclared.error?.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(undeclared.error?.message).toMatch(/prefix xsi of xsi:nil is not declared/);
    const spaced = `<string xmlns:xsi="${xsi}" xsi:nil=" true "/>`;
    expect((await call('maybe', spaced, xml('libA'))).text).toBe(nil);
    const yes = await call('maybe', `<string xmlns:xsi="${xsi}" xsi:nil="yes"/>`, xml('libA'));
    expect([yes.status, yes.error?.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(yes.error?.message).toMatch(/xsi:nil="yes" is not true, false, 1 or 0/);
  });

  it('answers a namespace declaration that XML Namespaces 1.0 forbids with a 400 naming it', async () => {
    const undeclaring = await call('maybe', '<string xmlns:p=""/>', xml('libA'));
    expect([undeclaring.status, undeclaring.error?.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(undeclaring.error?.message).toMatch(/xmlns:p="" undeclares prefix p/);
    const params = '<paramArray xmlns:xml="urn:x"><string>s</string></paramArray>';
    const rebound = await call('both', params, xml('libB', RMC));
    expect([rebound.status, rebound.error?.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(rebound.error?.message).toMatch(/only prefix xml may be bound to/);
  });

  it('takes null items of a (T | null)[] array, and refuses null where the type has none', async () => {
    expect((await call('items', '[1,null,2]')).text).toBe('[1,null,2]');
    const items = `<double-array><double>1</double><double ${NIL}/></double-array>`;
    for (const family of ['libA', 'libB'] as const) {
      expect((await call('items', items, xml(family))).text).toBe(items);
    }
    const refused: [string, string, Record<string, string>, string][] = [
      ['pair', '[null,1]', json(), 'field [0]: expected a string, got null'],
      ['scores', 'null', json(), 'expected Record<string, number>, got null'],
      [
        'pair',
        `<object-array><string ${NIL}/><double>1</double></object-array>`,
        xml('libB'),
        'field [0]: null is not allowed',
      ],
      [
        'items',
        `<double-array><double ${NIL}>1</double></double-array>`,
        xml('libB'),
        'field [0]: an element with xsi:nil="true" must be empty',
      ],
      [
        'shelf',
        `<shelf><name ${NIL}/><books/></shelf>`,
        xml('libB'),
        'field name: null is not allowed',
      ],
    ];
    for (const [method, body, headers, message] of refused) {
      const answer = await call(method, body, headers);
      expect([answer.status, shown(answer.error?.message)]).toEqual([400, message]);
    }
  });

  it('checks records and tuples in results: a value that does not fit is a 500', async () => {
    const record = await call('badRecord', '"k"');
    expect(record.status).toBe(500);
    const pair = await call('badPair', '"a"');
    expect(pair.status).toBe(500);
  });
});
