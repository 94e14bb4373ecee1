import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { type Generation } from '../../src/swagger/cli/generate';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { buildContractProject } from './types-project';

// Issue 22: what a plain signature says holds on the wire once the build's contract carries it:
// `hello(name?: string)` is optional in ROA and RMC (TypeScript erases the `?` from the compiled
// method), and every JSDoc `@format` the document writes is enforced.
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteMethod, RemoteService } from 'portico';
export interface Visit {
  /** @format date-time */
  seen: string;
  at: Date;
  /** @format time */
  opens?: string;
  /** @format ipv6 */
  host?: string;
  /** @format uri */
  site?: string;
}
@Api() @RemoteService('greeter') export class GreeterService {
  @ApiOperation('Records') record(visit: Visit): string {
    return [typeof visit.seen, visit.at.toISOString(), visit.opens, visit.host, visit.site].join(' ');
  }
  @ApiOperation('Greets') hello(name?: string): string { return 'hello ' + (name ?? 'world'); }
  @ApiOperation('Requires') strict(name: string): string { return 'hello ' + name; }
  @RemoteMethod() stamp(visit: Visit): string { return visit.seen + ' ' + visit.at.getTime(); }
  @ApiOperation('Joins') join(first: string, second?: string, times?: number): string {
    return first + (second ?? '-').repeat(times ?? 1);
  }
}
@RemoteService('plain') export class PlainService {
  @RemoteMethod() echo(visit: Visit): Visit { return visit; }
  @RemoteMethod() hi(name?: string): string { return 'hi ' + (name ?? 'there'); }
  @RemoteMethod() raw(text: string): unknown { return text.length; }
  @RemoteMethod() tail(text: string): [string, ...unknown[]] { return [text]; }
}
/** @format email */
export type Email = string;
export interface Limits { /** @maxLength 3 */ code: string; count: number; /** @minimum 1 */ step: number }
@Api() @RemoteService('limits') export class LimitService {
  @ApiOperation('Partial') part(limits: Partial<Limits>): Pick<Limits, 'code'> {
    return { code: limits.code ?? 'abc' };
  }
  @ApiOperation('Mail') mail(to: Email): Email { return to.startsWith('wrong') ? 'nobody' : to; }
  @ApiOperation('Readonly') frozen(limits: Readonly<Omit<Limits, 'count'>>): number { return limits.step; }
}
export default nativeApp({ name: 'opt', services: [GreeterService, PlainService, LimitService] });
`;

type Json = Record<string, any>;
const RMC = { 'X-SVC-API-ID': 'RMC' };

describe('plain signatures with a contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-optional-'));
  let generation: Generation;
  let server: TestServer;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(path.resolve(__dirname, '../..'), path.join(dir, 'node_modules', 'portico'), 'dir');
    const built = await buildContractProject(dir, SOURCE);
    generation = built.generation;
    const app = require(built.module).default as NativeAppDefinition;
    applyContract(readContract(findContract(built.module) as string), [app]);
    server = await startTestServer({ microservices: [app] });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, headers: Record<string, string>, body: string) =>
    send(server.url, `/opt/greeter/${method}`, { headers, body });
  const operation = (method: string, service = 'greeter'): Json =>
    (generation.document.paths as Json)[`/opt/${service}/${method}`].post;

  it('is described as optional, and formats as enforced, with no warning', () => {
    expect(generation.diagnostics.map((d) => `${d.location?.line}: ${d.message}`)).toEqual([
      '25: PlainService has @RemoteService but no @Api, so the document leaves its methods out: add @Api() to the class',
      "28: plain.raw is left out of the contract and keeps its decorators' types: it has type `unknown`, which has no JSON form",
      "29: plain.tail is left out of the contract and keeps its decorators' types: it has type `unknown`, which has no JSON form",
    ]);
    expect(operation('hello').requestBody.required).toBe(false);
    expect(operation('strict').requestBody.required).toBe(true);
    const schema = operation('join').requestBody.content['application/json'].schema;
    expect(schema.anyOf?.[0] ?? schema).toMatchObject({ minItems: 1, maxItems: 3 });
    expect((generation.document.components as Json).schemas.Visit.properties).toEqual({
      seen: { type: 'string', format: 'date-time' },
      at: { type: 'string', format: 'date-time' },
      opens: { type: 'string', format: 'time' },
      host: { type: 'string', format: 'ipv6' },
      site: { type: 'string', format: 'uri' },
    });
  });

  const visit = {
    seen: '2016-12-31T18:59:60.5-05:00',
    at: '2024-01-01T00:00:00+01:00',
    opens: '09:30:00Z',
    host: '::1',
    site: 'urn:isbn:0451450523',
  };

  it('takes a date-time string as the string it is and a Date as an instant', async () => {
    const answer = await call('record', json(), JSON.stringify(visit));
    expect(answer.text).toBe('"string 2023-12-31T23:00:00.000Z 09:30:00Z ::1 urn:isbn:0451450523"');
    const fields = Object.entries(visit).map(([k, v]) => `<${k}>${v}</${k}>`);
    const xmlAnswer = await call('record', xml('libB'), `<object>${fields.join('')}</object>`);
    expect(xmlAnswer.text).toContain('string 2023-12-31T23:00:00.000Z 09:30:00Z');
  });

  it.each([
    ['seen', '2024-05-06T07:08:60Z', 'an RFC 3339 date-time'],
    ['at', '2024-05-06T07:08:09', 'an RFC 3339 date-time'],
    ['opens', '9:30:00Z', 'a time (hh:mm:ss and Z or an offset)'],
    ['host', '1::2::3', 'an IPv6 address'],
    ['site', 'no scheme', 'a URI'],
  ])('refuses %s off its format with a 400 naming the field', async (field, value, noun) => {
    const answer = await call('record', json(), JSON.stringify({ ...visit, [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toContain(`field ${field}: expected ${noun}, got "${value}"`);
  });

  it('types remote methods the document leaves out, with or without @Api', async () => {
    const paths = Object.keys(generation.document.paths as Json);
    expect(paths.filter((p) => /stamp|plain/.test(p))).toEqual([]);
    const stamped = await call('stamp', json(), JSON.stringify(visit));
    expect(stamped.text).toBe(`"${visit.seen} 1704063600000"`);
    const plain = (method: string, body: string) =>
      send(server.url, `/opt/plain/${method}`, { headers: json(), body });
    const echoed = await plain('echo', JSON.stringify(visit));
    expect(JSON.parse(echoed.text)).toEqual({ ...visit, at: '2023-12-31T23:00:00.000Z' });
    const refused = await plain('echo', JSON.stringify({ ...visit, host: 'h' }));
    expect(refused.error?.message).toContain('field host: expected an IPv6 address, got "h"');
    expect((await plain('hi', '')).text).toBe('"hi there"');
    const xmlHi = await send(server.url, '/opt/plain/hi', { headers: xml('libA'), body: '' });
    expect(xmlHi.text).toContain('hi there');
    expect((await plain('raw', '"abc"')).text).toBe('3');
  });

  it('reads JSDoc tags on the line of the member before, through Partial, Pick, Omit and Readonly', async () => {
    const schemaOf = (method: string): Json => {
      const content = operation(method, 'limits').requestBody.content['application/json'];
      return content.schema.anyOf?.[0] ?? content.schema;
    };
    for (const method of ['part', 'frozen']) {
      expect(schemaOf(method).properties).toMatchObject({
        code: { type: 'string', maxLength: 3 },
        step: { type: 'number', minimum: 1 },
      });
    }
    const limits = (method: string, body: unknown) =>
      send(server.url, `/opt/limits/${method}`, { headers: json(), body: JSON.stringify(body) });
    expect((await limits('part', {})).text).toBe('{"code":"abc"}');
    expect((await limits('part', { code: 'abcd' })).error?.message).toContain(
      'field code: 4 characters, more than 3',
    );
    expect((await limits('frozen', { code: 'ab', step: 0 })).error?.message).toContain(
      'field step: 0 is less than 1',
    );
    expect((await limits('frozen', { code: 'ab', step: 2 })).text).toBe('2');
  });

  it('enforces the JSDoc tags of a primitive type alias on a parameter and a result', async () => {
    const mail = operation('mail', 'limits');
    const schema = mail.requestBody.content['application/xml'].schema;
    expect(schema).toMatchObject({ type: 'string', format: 'email' });
    const result = mail.responses['200'].content['application/xml'].schema;
    expect(result).toMatchObject({ type: 'string', format: 'email' });
    const post = (body: string) => send(server.url, '/opt/limits/mail', { headers: json(), body });
    expect((await post('"a@example.com"')).text).toBe('"a@example.com"');
    const refused = await post('"x"');
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain('expected an email address, got "x"');
    expect((await post('"wrong@example.com"')).status).toBe(500);
  });

  it.each([
    ['JSON', json()],
    ['libB XML', xml('libB')],
    ['libA XML', xml('libA')],
  ])('may be left out of an ROA call with an empty body, in %s', async (_, headers) => {
    const answer = await call('hello', headers, '');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('hello world');
    expect((await call('hello', json(), '"you"')).text).toBe('"hello you"');
    const strict = await call('strict', headers, '');
    expect(strict.status).toBe(400);
    expect(strict.error?.code).toBe('MALFORMED_BODY');
  });

  it('may be left out of an RMC array, in JSON and XML, and fewer or more are refused', async () => {
    expect((await call('hello', json(RMC), '[]')).text).toBe('"hello world"');
    expect((await call('join', json(RMC), '["a"]')).text).toBe('"a-"');
    expect((await call('join', json(RMC), '["a","+"]')).text).toBe('"a+"');
    expect((await call('join', json(RMC), '["a","+",3]')).text).toBe('"a+++"');
    const two = '<paramArray><string>a</string><string>+</string></paramArray>';
    expect((await call('join', xml('libA', RMC), two)).text).toContain('a+');
    const one = '<paramArray><string>a</string></paramArray>';
    expect((await call('join', xml('libB', RMC), one)).text).toContain('a-');
    for (const body of ['[]', '["a","b",1,"d"]']) {
      const answer = await call('join', json(RMC), body);
      expect(answer.error).toMatchObject({
        code: 'WRONG_ARITY',
        message: `join takes 1 to 3 arguments, the body has ${JSON.parse(body).length}`,
      });
    }
  });
});
