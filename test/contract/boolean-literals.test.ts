import { json, send, xml } from '../support/http';
import { closedSchemas } from './project';
import { serveContractProject } from './served-project';
import { checkVerdicts } from './verdicts';

/**
 * `true` and `false` as types, and the Result pattern: a union told apart by a boolean (or a
 * number) literal member, which TypeScript narrows as it narrows `kind: 'circle'`.
 */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Versioned {
  yes: true;
  done?: true;
  state: false | 'pending';
  either: true | false;
  plain: boolean;
}
export type Result = { ok: true; value: number } | { ok: false; error: string };
export interface Outcome { result: Result; last?: Result | null; all: Result[] }
export type Version = { v: 1; name: string } | { v: 2; names: string[] };
export type Reply<T> = { ok: true; value: T } | { ok: false; error: string };
/** The Result with \`?: never\`, which lets TypeScript narrow on the member as well. */
export type Either = { ok: true; value: number; error?: never } | { ok: false; error: string; value?: undefined };
@Api() @RemoteService('versions') export class VersionService {
  @ApiOperation('Echoes') echo(v: Versioned): Versioned { return v; }
  @ApiOperation('Divides') divide(a: number, b: number): Result {
    return b === 0 ? { ok: false, error: 'by zero' } : { ok: true, value: a / b };
  }
  @ApiOperation('Reads a result') read(r: Result): string { return r.ok ? String(r.value) : r.error; }
  @ApiOperation('Echoes an outcome') outcome(o: Outcome): Outcome { return o; }
  @ApiOperation('Answers a result that fits no member') wrong(): Result {
    return { ok: 'yes', value: 1 } as unknown as Result;
  }
  @ApiOperation('Echoes a version') version(v: Version): Version { return v; }
  @ApiOperation('Saves') save(fail: boolean): Reply<void> {
    return fail ? { ok: false, error: 'e' } : { ok: true, value: undefined };
  }
  @ApiOperation('Echoes an either') either(e: Either): Either { return e.ok ? { ok: true, value: e.value } : e; }
}
export default nativeApp({ name: 'shop', services: [VersionService] });
`;

const RMC = { 'X-SVC-API-ID': 'RMC' };

describe('boolean literals and unions told apart by them, with a contract', () => {
  const project = serveContractProject('boolean-literals', SOURCE);
  const post = (method: string, body: string, headers = json()) =>
    send(project.server.url, `/shop/versions/${method}`, { headers, body });
  const schemas = (): Record<string, any> => closedSchemas(project.generation.document as any);

  it('builds without a finding, and describes each literal as a set of its one value', () => {
    expect(project.generation.diagnostics).toEqual([]);
    const { Versioned, Result, Result_true } = schemas();
    expect(Versioned.properties.yes).toMatchObject({ type: 'boolean', enum: [true] });
    expect(Versioned.properties.done).toMatchObject({ type: 'boolean', enum: [true] });
    expect(Versioned.properties.either).toMatchObject({ type: 'boolean' });
    expect(Versioned.required).toEqual(['yes', 'state', 'either', 'plain']);
    // OpenAPI's discriminator maps strings only: a oneOf of members that exclude each other.
    expect(Result.oneOf).toEqual([
      { $ref: '#/components/schemas/Result_true' },
      { $ref: '#/components/schemas/Result_false' },
    ]);
    expect(Result.discriminator).toBeUndefined();
    expect(Result_true.properties.ok).toMatchObject({ type: 'boolean', enum: [true] });
  });

  it('takes what the document allows and refuses the rest, in JSON and XML', async () => {
    const all = schemas();
    const cases: [string, string, unknown[]][] = [
      [
        'read',
        'Result',
        [
          { ok: true, value: 2 },
          { ok: false, error: 'e' },
          { ok: true, error: 'e' },
          { ok: false, value: 2 },
          { ok: 'true', value: 2 },
          { ok: 1, value: 2 },
          { value: 2 },
          { ok: null, value: 2 },
        ],
      ],
      [
        'echo',
        'Versioned',
        [
          { yes: true, state: false, either: false, plain: true },
          { yes: true, done: true, state: 'pending', either: true, plain: false },
          { yes: false, state: false, either: false, plain: true },
          { yes: true, done: false, state: false, either: false, plain: true },
          { yes: true, state: true, either: false, plain: true },
          { yes: true, state: 'done', either: false, plain: true },
          { yes: 'yes', state: false, either: false, plain: true },
        ],
      ],
      [
        'outcome',
        'Outcome',
        [
          { result: { ok: true, value: 1 }, all: [{ ok: false, error: 'x' }] },
          { result: { ok: false, error: 'x' }, last: null, all: [] },
          { result: { ok: true, value: 1 }, last: { ok: false, value: 1 }, all: [] },
          { result: { ok: true, value: 1 }, all: [{ ok: 'no' }] },
        ],
      ],
      [
        'either',
        'Either',
        [
          { ok: true, value: 1 },
          { ok: false, error: 'e' },
          { ok: true, value: 1, error: 'e' },
          { ok: false, error: 'e', value: 1 },
          { ok: true, error: 'e' },
        ],
      ],
      [
        'version',
        'Version',
        [
          { v: 1, name: 'a' },
          { v: 2, names: ['a'] },
          { v: 2, name: 'a' },
          { v: 3, name: 'a' },
          { v: '1', name: 'a' },
        ],
      ],
    ];
    for (const [method, name, values] of cases) {
      const operation = `/shop/versions/${method}`;
      const found = await checkVerdicts({
        server: project.server,
        operation,
        values,
        name,
        schemas: all,
      });
      expect(found.mismatches).toEqual([]);
      expect(found.verdicts.allowed).toBeGreaterThan(0);
      expect(found.verdicts.forbidden).toBeGreaterThan(0);
    }
  }, 60_000);

  it('answers each member in every sequence, and names the field and its values when refusing', async () => {
    const rmc = (body: string, headers = json()) => post('divide', body, { ...headers, ...RMC });
    expect((await rmc('[6, 3]')).text).toBe('{"ok":true,"value":2}');
    expect((await rmc('[6, 0]')).text).toBe('{"ok":false,"error":"by zero"}');
    const fromXml = await rmc(
      '<paramArray><double>6</double><double>0</double></paramArray>',
      xml('libA'),
    );
    expect(fromXml.text).toContain('<object><ok>false</ok><error>by zero</error></object>');
    // The tag as libA JSON and XML read a boolean: "true", and 1 with white space around it. A
    // union is named `object` in libA, whatever the member.
    const libA = { 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' };
    const fromLibA = await post('read', '{"object":{"ok":"true","value":4}}', json(libA));
    expect([fromLibA.status, fromLibA.text]).toEqual([200, '{"string":"4"}']);
    const fromLibB = await post(
      'read',
      '<object><ok> 1 </ok><value>5</value></object>',
      xml('libB'),
    );
    expect([fromLibB.status, fromLibB.text]).toEqual([200, '<string>5</string>']);
    const refusals: [string, string][] = [
      ['{"ok":"yes","value":1}', 'field ok: expected one of false, true, got "yes"'],
      [
        '{"value":1}',
        'field ok: required field is missing: it tells the members apart, one of false, true',
      ],
      ['{"ok":true,"error":"e"}', 'field error: field is not declared'],
    ];
    for (const [body, message] of refusals) {
      const refused = await post('read', body);
      expect([refused.status, refused.error?.message]).toEqual([
        400,
        expect.stringContaining(message),
      ]);
    }
    const versionless = await post('version', '{"v":3,"name":"a"}');
    expect(versionless.error?.message).toContain('field v: expected one of 1, 2, got 3');
    // Reply<void>: a value that holds nothing is no member on the wire.
    expect(schemas().Reply_Void_true.properties).toEqual({ ok: { type: 'boolean', enum: [true] } });
    expect((await post('save', '[false]', { ...json(), ...RMC })).text).toBe('{"ok":true}');
    expect((await post('save', 'true')).text).toBe('{"ok":false,"error":"e"}');
    // A result that fits no member is the method's fault.
    expect((await post('wrong', '[]', { ...json(), ...RMC })).status).toBe(500);
  });
});
