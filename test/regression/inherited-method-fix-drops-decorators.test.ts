import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractFindings } from '../contract/types-project';

// Bug: the declaration that the warning at a parent's remote method gave to write in the subclass
// kept only the first of its decorators (`@RemoteMethod()` without `@ApiOperation`: served, but
// left out of the document), and passed a destructured parameter on as `super.name(__0)`, which
// does not compile.
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteMethod, RemoteService } from 'portico';
export interface Product { sku: string }
export abstract class Named<T> {
  @RemoteMethod() @ApiOperation('Names', {
    returns: String,
  })
  name(value: T): string { return ''; }
  @ApiOperation('Picks') pick({ value }: { value: T }): string { return ''; }
}
@Api() @RemoteService('named') export class Names extends Named<Product> {}
export default nativeApp({ name: 'shop', services: [Names] });
`;

const UNSERVED =
  'but its class has no @RemoteService, so it is never served nor described: a @RemoteService class serves only the methods it declares itself, not those it inherits; to serve it,';

describe('the declaration named by the warning at an inherited remote method', () => {
  it('keeps every remote decorator, and never passes on a name the method has not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-inherited-fix-'));
    try {
      expect(await contractFindings(dir, SOURCE, { strict: true })).toEqual([
        `service.ts:8: Named.name has @RemoteMethod and @ApiOperation, ${UNSERVED} take @RemoteMethod and @ApiOperation off Named.name and declare the method in each @RemoteService class that inherits it: in Names, @RemoteMethod() @ApiOperation('Names', { returns: String, }) override name(value: Product): string { return super.name(value); }`,
        `service.ts:9: Named.pick has @ApiOperation, ${UNSERVED} take @ApiOperation off Named.pick and declare the method in each @RemoteService class that inherits it: in Names, @ApiOperation('Picks') override pick(…) { return super.pick(…); }`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
