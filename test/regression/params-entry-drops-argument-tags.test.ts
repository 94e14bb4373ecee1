import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { buildContractProject } from '../contract/types-project';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

// A `params` or `returns` entry names a class alone (`params: [Page]`), so where the parameter or
// result is written `Page<Code>` the tags `Code` gives through the type argument were dropped
// without a word, with or without a contract. docs/design-contract.md ("JSDoc tags") promises a warning naming the
// alias and file:line instead; the fix it names (drop `params`, build with a contract) is checked
// over HTTP below.
const SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
/** @maxLength 3 */
export type Code = string;
export type CodePage = Page<Code>;
export type Looped = Page<Looped | Code>;
export class Page<T> { @Field(String) first!: T; @Field() total!: number; }
@Api() @RemoteService('pages')
export class PageService {
  @ApiOperation('Counts', { params: [Page] })
  listed(page: Page<Code>): number { return page.total; }
  @ApiOperation('Counts', { params: [Page] })
  aliased(page: CodePage): number { return page.total; }
  @ApiOperation('Counts', { params: [Page] })
  plain(page: Page<string>): number { return page.total; }
  @ApiOperation('Counts', { params: [Page] })
  looped(page: Looped): number { return page.total; }
  @ApiOperation('Counts')
  written(page: Page<Code>): number { return page.total; }
  @ApiOperation('Gives', { returns: Page })
  given(first: string): Page<Code> { return { first, total: 1 }; }
  @ApiOperation('Gives')
  returned(first: string): Page<Code> { return { first, total: 1 }; }
}
export default nativeApp({ name: 'shelf', services: [PageService] });
`;

type Schemas = Record<string, { properties: Record<string, unknown> }>;
const replaced = (g: Generation) =>
  g.diagnostics.filter((d) => d.message.includes(' entry replaces the written type'));

describe('a params or returns entry that replaces a type given a tagged alias as its argument', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-params-tags-'));
  let withContract: Generation;
  let without: Generation;
  let server: TestServer;

  beforeAll(async () => {
    const built = await buildContractProject(dir, SOURCE);
    withContract = built.generation;
    const project = path.join(dir, 'tsconfig.json');
    without = await generateDocument({ project, title: 'T', version: '1', openapi: '3.1' });
    const app = require(built.module).default as NativeAppDefinition;
    applyContract(readContract(findContract(built.module) as string), [app]);
    server = await startTestServer({ microservices: [app], logLevel: 'silent' });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('warns at each such parameter and result, naming the alias and a fix, with or without a contract', () => {
    for (const generation of [without, withContract]) {
      const warnings = replaced(generation);
      expect(warnings.map((w) => [w.severity, w.location?.line])).toEqual([
        ['warning', 11],
        ['warning', 13],
        ['warning', 17],
        ['warning', 21],
      ]);
      expect(warnings[0]!.message).toMatch(
        /^pages\.listed\(page\): its params entry replaces the written type Page<Code>, which gives the JSDoc tags of type alias Code /,
      );
      expect(warnings[1]!.message).toMatch(/^pages\.aliased\(page\): .* type alias Code /);
      // An alias that refers to itself through the argument ends.
      expect(warnings[2]!.message).toMatch(/^pages\.looped\(page\): .* type alias Code /);
      expect(warnings[3]!.message).toMatch(
        /^pages\.given\(\): its returns entry replaces the written type Page<Code>, .* type alias Code .*: drop the returns option/,
      );
      expect(warnings[0]!.message).toContain(
        'drop the params option, so that the written type is used, and build with a contract (generate-swagger --contract)',
      );
      expect(warnings[0]!.location?.file).toBe(path.join(dir, 'service.ts'));
    }
  });

  it('leaves the tags out of document and runtime alike; the fix it names enforces them', async () => {
    const call = (method: string) =>
      send(server.url, `/shelf/pages/${method}`, {
        headers: json(),
        body: JSON.stringify({ first: 'toolong', total: 1 }),
      });
    const schemas = (withContract.document as { components: { schemas: Schemas } }).components
      .schemas;
    expect(schemas.Page?.properties.first).toEqual({ type: 'string' });
    expect(schemas.Page_Code?.properties.first).toEqual({ type: 'string', maxLength: 3 });
    const listed = await call('listed');
    expect([listed.status, listed.text]).toEqual([200, '1']);
    const written = await call('written');
    expect(written.status).toBe(400);
    expect(written.text).toContain('field first: 7 characters, more than 3');
    const give = (method: string) =>
      send(server.url, `/shelf/pages/${method}`, { headers: json(), body: '"toolong"' });
    const given = await give('given');
    expect([given.status, given.text]).toEqual([200, '{"first":"toolong","total":1}']);
    expect((await give('returned')).status).toBe(500);
  });
});
