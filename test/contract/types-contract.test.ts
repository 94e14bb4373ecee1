import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { CONTRACT_FILE } from '../../src/runtime/contract/contract-format';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { createMicroserviceRuntime } from '../../src/runtime/runtime';
import { type Generation } from '../../src/swagger/cli/generate';
import { buildTypesProject, contractFindings } from './types-project';

type Schemas = Record<string, { properties: Record<string, unknown> }>;

function envelope(method: string, body: string, sequenceName: string): CallEnvelope {
  return {
    version: ENVELOPE_VERSION,
    microservice: 'shelf',
    service: 'books',
    method,
    apiId: 'ROA',
    sequenceName,
    args: [body],
    context: { requestId: 'r', locale: 'en', privilegeNames: [], privileged: false },
    deadline: Date.now() + 60_000,
  };
}

describe('a contract written by the build', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-types-'));
  let generation: Generation;
  let call: (method: string, body: unknown) => Promise<{ ok: boolean; text: string }>;
  let callIn: (sequence: string, method: string, body: string) => Promise<string>;

  beforeAll(async () => {
    const built = await buildTypesProject(dir);
    const { module } = built;
    generation = built.generation;
    const app = require(module).default as NativeAppDefinition;
    const file = findContract(module);
    expect(file).toBe(path.join(dir, 'dist', CONTRACT_FILE));
    expect(applyContract(readContract(file as string), [app])).toBe(9);
    const runtime = createMicroserviceRuntime(app);
    callIn = async (sequence, method, body) => {
      const reply = await runtime.handle(envelope(method, body, sequence));
      return reply.ok ? String(reply.body) : JSON.stringify(reply.error);
    };
    call = async (method, body) => {
      const sequence = 'libBParamArrayJsonInOutSequence';
      const reply = await runtime.handle(envelope(method, JSON.stringify(body), sequence));
      return { ok: reply.ok, text: reply.ok ? String(reply.body) : JSON.stringify(reply.error) };
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const book = { id: 'b1', title: 'T', genre: 'poetry', subtitle: null, tags: ['x'] };

  it('binds a class from bare @Field() declarations: optional, literal set, null, arrays, parents', async () => {
    expect(await call('save', book)).toEqual({ ok: true, text: JSON.stringify(book) });
    const refused = [
      [{ ...book, genre: 'drama' }, 'genre'],
      [{ ...book, subtitle: undefined }, 'subtitle'],
      [{ ...book, tags: [1] }, 'tags[0]'],
      [{ ...book, id: undefined }, 'id'],
      [{ ...book, middleName: null }, 'middleName'],
    ] as const;
    for (const [value, field] of refused) {
      const reply = await call('save', value);
      expect(reply.ok).toBe(false);
      expect(JSON.parse(reply.text)).toMatchObject({ status: 400 });
      expect(reply.text).toContain(`field ${field}: `);
    }
  });

  it('binds interfaces and utility types, and checks an async result', async () => {
    expect(await call('patch', {})).toEqual({ ok: true, text: '{"name":"nobody"}' });
    expect((await call('patch', { phone: 5 })).ok).toBe(false);
    const contact = { name: 'Ada', email: 'a@example.com', phone: null };
    expect((await call('add', contact)).ok).toBe(true);
    const email = await call('add', { ...contact, email: 'a@b..c' });
    expect(JSON.parse(email.text)).toMatchObject({ status: 400 });
    // The argument is named as the document names its schema, not by its libA name, `object`.
    expect(email.text).toContain(
      'argument 0 (Contact): field email: expected an email address, got \\"a@b..c\\"',
    );
    // `@format int32` alone bounds the number to 32 bits, as the document's format says.
    expect((await call('add', { ...contact, visits: 2147483647 })).ok).toBe(true);
    const visits = await call('add', { ...contact, visits: 2147483648 });
    expect(JSON.parse(visits.text)).toMatchObject({ status: 400 });
    expect(visits.text).toContain('field visits: 2147483648 is more than 2147483647');
    const { schemas } = (generation.document as { components: { schemas: Schemas } }).components;
    expect(schemas.Contact?.properties.visits).toEqual({
      type: 'integer',
      format: 'int32',
    });
    // An alias's tags reach the items of an array, a record's values, a tuple's items, beside null.
    const dated = {
      ...contact,
      days: ['2024-02-29'],
      since: null,
      dated: { a: '2024-01-31' },
      window: ['2024-01-01'],
      trail: ['x', '2024-01-01'],
    };
    expect((await call('add', dated)).ok).toBe(true);
    const refused = [
      [{ ...contact, days: ['2024-02-30'] }, 'days[0]'],
      [{ ...contact, since: '2024-1-1' }, 'since'],
      [{ ...contact, dated: { a: 'x' } }, 'dated.a'],
      [{ ...contact, window: ['2024-01-01', '2024-13-01'] }, 'window[1]'],
      [{ ...contact, trail: ['x', '2024-01-01', 'y'] }, 'trail[2]'],
    ] as const;
    for (const [value, field] of refused) {
      const reply = await call('add', value);
      expect(JSON.parse(reply.text)).toMatchObject({ status: 400 });
      expect(reply.text).toContain(`field ${field}: expected a date`);
    }
    expect(schemas.Contact?.properties).toMatchObject({
      days: { items: { type: 'string', format: 'date' } },
      since: { type: ['string', 'null'], format: 'date' },
      dated: { additionalProperties: { type: 'string', format: 'date' } },
      window: { prefixItems: [{ format: 'date' }, { format: 'date' }] },
      trail: { prefixItems: [{ type: 'string' }], items: { format: 'date' } },
    });
    expect(await call('greet', 'hi')).toEqual({ ok: true, text: '{"text":"hi"}' });
    const wrong = await call('greet', 'wrong');
    expect(JSON.parse(wrong.text)).toMatchObject({ status: 500 });
    expect(wrong.ok).toBe(false);
  });

  it('binds a generic class as instantiated, and a literal set as a parameter', async () => {
    expect(await call('list', 'poetry')).toEqual({ ok: true, text: '{"items":[],"total":1}' });
    expect(JSON.parse((await call('list', 'drama')).text)).toMatchObject({ status: 400 });
  });

  it("carries an alias's tags through a generic's type arguments, in requests and results", async () => {
    const days = {
      first: '2024-02-29',
      all: ['2024-01-01'],
      next: null,
      byName: { a: '2024-01-31' },
      pair: ['2024-01-01'],
      boxed: { value: '2024-01-02' },
      own: '2024-01-03',
    };
    expect(await call('plan', days)).toEqual({ ok: true, text: JSON.stringify(days) });
    const refused = [
      [{ first: '2024-02-30' }, 'first'],
      [{ ...days, all: ['2024-01-01', 'x'] }, 'all[1]'],
      [{ ...days, next: '2024-1-1' }, 'next'],
      [{ ...days, byName: { a: 'x' } }, 'byName.a'],
      [{ ...days, pair: ['2024-01-01', '2024-13-01'] }, 'pair[1]'],
      [{ ...days, boxed: { value: 'x' } }, 'boxed.value'],
      [{ ...days, own: 'x' }, 'own'],
    ] as const;
    for (const [value, field] of refused) {
      const reply = await call('plan', value);
      expect(JSON.parse(reply.text)).toMatchObject({ status: 400 });
      expect(reply.text).toContain(`field ${field}: expected a date`);
    }
    // A generic class with bare @Field() declarations, as a generic interface.
    expect(await call('count', { items: ['2024-01-01'], total: 1 })).toEqual({
      ok: true,
      text: '1',
    });
    const page = await call('count', { items: ['2024-01-01', '2024-02-30'], total: 2 });
    expect(JSON.parse(page.text)).toMatchObject({ status: 400 });
    expect(page.text).toContain('field items[1]: expected a date');
    const late = await call('plan', { first: '2000-01-01' });
    expect(JSON.parse(late.text)).toMatchObject({ status: 500 });
    // Another alias in the same generic: its own tags; the member's own tag wins over the alias's.
    expect(await call('file', { first: 'abc' })).toEqual({ ok: true, text: '{"value":"abc"}' });
    const short = await call('file', { first: 'ab' });
    expect(JSON.parse(short.text)).toMatchObject({ status: 400 });
    expect(short.text).toContain('field first: ');
    expect((await call('file', { first: 'abc', own: '' })).text).toContain('field own: ');
    const answered = await call('file', { first: 'abc', own: 'ab' });
    expect(JSON.parse(answered.text)).toMatchObject({ status: 500 });
    const { schemas } = (generation.document as { components: { schemas: Schemas } }).components;
    expect(schemas.Dated_Day?.properties).toMatchObject({
      first: { type: 'string', format: 'date' },
      all: { items: { type: 'string', format: 'date' } },
      next: { type: ['string', 'null'], format: 'date' },
      byName: { additionalProperties: { type: 'string', format: 'date' } },
      pair: { prefixItems: [{ format: 'date' }, { format: 'date' }] },
      boxed: { $ref: '#/components/schemas/Box_Day' },
      own: { type: 'string', format: 'date', minLength: 1 },
    });
    expect(schemas.Dated_Code?.properties).toMatchObject({
      first: { type: 'string', minLength: 3 },
      own: { type: 'string', minLength: 1 },
    });
    expect(schemas.Box_Code?.properties.value).toEqual({ type: 'string', minLength: 3 });
    expect(schemas.Box_Day?.properties.value).toEqual({ type: 'string', format: 'date' });
  });

  it('refuses a getter in a request and writes it in the answer; requires a readonly field', async () => {
    expect(await call('bump', { major: 2, minor: 5 })).toEqual({
      ok: true,
      text: '{"major":2,"minor":6,"label":"2.6"}',
    });
    const sent = await call('bump', { major: 2, minor: 5, label: '9.9' });
    expect(sent.text).toContain('field label: field is read-only: it is only sent in answers');
    const xml = '<Version><major>1</major><minor>1</minor><label>x</label></Version>';
    expect(await callIn('libBParamArrayXmlInOutSequence', 'bump', xml)).toContain(
      'field label: field is read-only',
    );
    const { schemas } = (generation.document as { components: { schemas: Schemas } }).components;
    expect(schemas.Version).toMatchObject({
      properties: { label: { readOnly: true } },
      required: ['major', 'minor'],
    });
    expect(schemas.Book?.properties.id).toEqual({ type: 'string' });
  });

  it('names results as the document does, in every sequence', async () => {
    const xml = [
      '<object><text>hi</text></object>',
      '<Page><items></items><total>1</total></Page>',
    ];
    const answers = {
      libAParamArrayJsonInOutSequence: [
        '{"string":"hi"}',
        '{"string":"poetry"}',
        '{"object":{"text":"hi"}}',
        '{"Page":{"items":[],"total":1}}',
      ],
      libAParamArrayXmlInOutSequence: ['<string>hi</string>', '<string>poetry</string>', ...xml],
      libBParamArrayXmlInOutSequence: ['<string>hi</string>', '<string>poetry</string>', ...xml],
    };
    for (const [sequence, [hi, poetry, greeting, page]] of Object.entries(answers)) {
      expect(await callIn(sequence, 'greet', hi as string)).toBe(greeting);
      expect(await callIn(sequence, 'list', poetry as string)).toBe(page);
    }
  });

  it('is refused, naming the command to run, once a compiled module changed', () => {
    const module = path.join(dir, 'dist', 'service.js');
    const text = readFileSync(module, 'utf8');
    writeFileSync(module, `${text}\n// edited`);
    try {
      expect(() => readContract(path.join(dir, 'dist', CONTRACT_FILE))).toThrow(
        /portico-contract\.json is stale: .*service\.js changed since it was written; run npx generate-swagger --contract dist\/portico-contract\.json$/,
      );
    } finally {
      writeFileSync(module, text);
    }
  });
});

describe('what the contract cannot bind yet', () => {
  it('is a build error with file:line that names the fix', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-types-refused-'));
    try {
      const source = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Tagged { kind: 'a'; a: string }
export interface Other { kind: string; b: number }
export interface Mixed { name: string; [key: string]: string }
@Api() @RemoteService('refused') export class RefusedService {
  @ApiOperation('Takes a mixed object') mixed(counts: Mixed): number { return 0; }
  @ApiOperation('Takes numbered texts') numbered(texts: { [n: number]: string }): number { return 0; }
  @ApiOperation('Answers a union') union(kind: string): Tagged | Other {
    return { kind: 'a', a: kind };
  }
  @ApiOperation('Takes a partial mixed object') partial(counts: Partial<Mixed>): number { return 0; }
}
export default nativeApp({ name: 'refused', services: [RefusedService] });
`;
      const findings = await contractFindings(dir, source);
      expect(findings).toEqual([
        expect.stringMatching(
          /^service\.ts:7: refused\.mixed\(counts\) \(Mixed\) has both members and an index signature, which the runtime cannot bind yet/,
        ),
        expect.stringMatching(
          /^service\.ts:8: refused\.numbered\(texts\) has an index signature whose keys are not every string \(a number or a pattern\), which the runtime cannot bind yet/,
        ),
        expect.stringMatching(
          /^service\.ts:9: refused\.union\(\) is a union whose members no literal member tells apart, which the runtime cannot bind: give each member/,
        ),
        // A type without a name of its own is named as written, not by the parameter alone.
        expect.stringMatching(
          /^service\.ts:12: refused\.partial\(counts\) \(Partial<Mixed>\) has both members and an index signature/,
        ),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is a build error for an object type without members, which the server refused at start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-types-empty-'));
    try {
      const source = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Empty {}
export interface Loose { data: object; meta?: {} }
@Api() @RemoteService('refused') export class RefusedService {
  @ApiOperation('Takes anything') loose(value: Loose): number { return 0; }
  @ApiOperation('Answers nothing in particular') empty(text: string): Empty { return {}; }
}
export default nativeApp({ name: 'refused', services: [RefusedService] });
`;
      const findings = await contractFindings(dir, source);
      const fix = 'which the runtime cannot bind yet: use an interface or class with named members';
      expect(findings).toEqual([
        expect.stringContaining(`service.ts:6: refused.loose(value).data has no members, ${fix}`),
        expect.stringContaining(`service.ts:6: refused.loose(value).meta has no members, ${fix}`),
        expect.stringContaining(`service.ts:7: refused.empty() (Empty) has no members, ${fix}`),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
