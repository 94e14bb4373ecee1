import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractFindings } from './types-project';

const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
@Api() @RemoteService('repo') export class Repo<T> {
  @ApiOperation('Gets one') get(id: string): T | null { return null; }
  @ApiOperation('Puts one') put(value: T): Promise<T[]> { return Promise.resolve([value]); }
}
@Api() @RemoteService('misc') export class Misc {
  @ApiOperation('Returns itself') self(n: number): this { return this; }
}
export default nativeApp({ name: 'shop', services: [Repo, Misc] });
`;

const MARKED = '; it is marked x-unsupported-type in the document, and the runtime cannot bind it';
const CLASS_T =
  'which is a type parameter that is never bound: write the type it stands for: T is a type parameter of class Repo, which a served instance leaves unbound; serve a class that extends Repo<…> with a type argument for T, and declare the remote methods there';

describe('a type parameter that a served class leaves unbound', () => {
  it('is refused under --strict as the user wrote it, naming the class and what to write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-unbound-parameters-'));
    try {
      expect(await contractFindings(dir, SOURCE, { strict: true })).toEqual([
        // T | null, not Awaited<T> | null, which TypeScript makes of a result and no user wrote.
        `service.ts:4: repo.get() has type \`T\`, ${CLASS_T}${MARKED}`,
        `service.ts:5: repo.put(value) has type \`T\`, ${CLASS_T}${MARKED}`,
        `service.ts:5: repo.put() has type \`T\`, ${CLASS_T}${MARKED}`,
        `service.ts:8: misc.self() has type \`this\`, which is the instance the method is called on: write the type of what the method returns: no call sends or answers a service${MARKED}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
