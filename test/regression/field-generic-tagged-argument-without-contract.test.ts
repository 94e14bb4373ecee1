import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { buildContractProject } from '../contract/types-project';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

// Without a contract the runtime reads limits from @Field options only, and a member written with
// `T` cannot state `Day`'s format there. The build described `Page<Day>` as `Page_Day` with the
// format left out and warned twice, telling the user to write the format on a `T` member, which
// cannot be done. As for a parameter's own alias (docs/design-contract.md, "JSDoc tags"), the tags
// are now one warning at the parameter that names a fix the user can make, and `Page_String` is
// described as the runtime checks it.
const SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
/** @format date */
export type Day = string;
export class Page<T> {
  @Field([String]) items!: T[];
  @Field(String) first!: T;
  @Field() total!: number;
}
@Api() @RemoteService('pages')
export class PageService {
  @ApiOperation('Counts')
  count(page: Page<Day>): number { return page.items.length; }
}
export default nativeApp({ name: 'shelf', services: [PageService] });
`;

type Schemas = Record<string, { properties: Record<string, { format?: string }> }>;
const schemasOf = (g: Generation) =>
  (g.document as { components: { schemas: Schemas } }).components.schemas;

describe('a tagged alias given to a generic @Field class, without a contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-field-generic-'));
  let withContract: Generation;
  let without: Generation;
  let server: TestServer;

  beforeAll(async () => {
    const built = await buildContractProject(dir, SOURCE);
    withContract = built.generation;
    const project = path.join(dir, 'tsconfig.json');
    without = await generateDocument({ project, title: 'T', version: '1', openapi: '3.1' });
    const app = require(built.module).default as NativeAppDefinition;
    server = await startTestServer({ microservices: [app], logLevel: 'silent' });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('warns once, at the parameter, with a fix the user can make', () => {
    const warnings = without.diagnostics.filter((d) => d.message.includes('Day'));
    expect(warnings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        location: expect.objectContaining({ line: 13 }),
        message: expect.stringContaining('build with a contract (generate-swagger --contract)'),
      }),
    ]);
    expect(warnings[0]!.message).toMatch(/^pages\.count\(page\): the JSDoc tags of type alias Day/);
    expect(without.diagnostics.map((d) => d.message).join('\n')).not.toContain('write @Field');
  });

  it('describes the class as the runtime without a contract checks it, and the contract build states the format', async () => {
    expect(Object.keys(schemasOf(without))).not.toContain('Page_Day');
    expect(schemasOf(without).Page_String?.properties.first).toEqual({ type: 'string' });
    const answer = await send(server.url, '/shelf/pages/count', {
      headers: json(),
      body: JSON.stringify({ items: ['no date'], first: 'no date', total: 1 }),
    });
    expect([answer.status, answer.text]).toEqual([200, '1']);
    expect(schemasOf(withContract).Page_Day?.properties.first).toMatchObject({ format: 'date' });
  });
});
