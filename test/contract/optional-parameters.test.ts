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

// Issue 22: `hello(name?: string)` is optional in the document and on the wire, in ROA and RMC,
// once the build's contract carries the `?` that TypeScript erases from the compiled method.
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
@Api() @RemoteService('greeter') export class GreeterService {
  @ApiOperation('Greets') hello(name?: string): string { return 'hello ' + (name ?? 'world'); }
  @ApiOperation('Requires') strict(name: string): string { return 'hello ' + name; }
  @ApiOperation('Joins') join(first: string, second?: string, times?: number): string {
    return first + (second ?? '-').repeat(times ?? 1);
  }
}
export default nativeApp({ name: 'opt', services: [GreeterService] });
`;

type Json = Record<string, any>;
const RMC = { 'X-SVC-API-ID': 'RMC' };

describe('name?: T parameters with a contract', () => {
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
  const operation = (method: string): Json =>
    (generation.document.paths as Json)[`/opt/greeter/${method}`].post;

  it('is described as optional, with no warning', () => {
    expect(generation.diagnostics).toEqual([]);
    expect(operation('hello').requestBody.required).toBe(false);
    expect(operation('strict').requestBody.required).toBe(true);
    const schema = operation('join').requestBody.content['application/json'].schema;
    expect(schema.anyOf?.[0] ?? schema).toMatchObject({ minItems: 1, maxItems: 3 });
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
