import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { buildContractProject } from '../contract/types-project';

// `params: [Page]` names the generic class alone, so Page's bare `@Field() first!: T` has no type
// in the contract; loading it read "Page.first is a unsupported, which …", and named no cause.
const SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
/** @format date */
export type Day = string;
export class Page<T> { @Field() first!: T; }
@Api() @RemoteService('pages')
export class PageService {
  @ApiOperation('Counts', { params: [Page] }) count(page: Page<Day>): number { return 1; }
}
export default nativeApp({ name: 'shelf', services: [PageService] });
`;

describe('a contract whose params entry names a generic class alone', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-unbound-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused as it loads, naming the member, its type and the params entry as the cause', async () => {
    const built = await buildContractProject(dir, SOURCE);
    const warned = built.generation.diagnostics.filter((d) => d.message.includes('never bound'));
    expect(warned.map((d) => d.location?.line)).toEqual([5]);
    const app = require(built.module).default as NativeAppDefinition;
    const contract = readContract(findContract(built.module) as string);
    expect(() => applyContract(contract, [app])).toThrow(
      'portico: Page.first has type `T`, which generate-swagger could not describe and warned of at its file:line; the runtime cannot bind it. A type parameter is left unbound where a params or returns entry names a generic class alone (params: [Page]): drop the entry',
    );
  });
});
