import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractFindings } from './types-project';

/** A static method given a remote method's decorator, as a factory might be written. */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteMethod, RemoteService } from 'portico';
export interface Product { sku: string }
@Api() @RemoteService('products') export class ProductService {
  @ApiOperation('Finds a product') find(sku: string): Product { return { sku }; }
  @ApiOperation('Makes a product') static make(sku: string): Product { return { sku }; }
  @RemoteMethod() static count(): number { return 0; }
  static helper(): number { return 1; }
}
export default nativeApp({ name: 'shop', services: [ProductService] });
`;

describe('a static method with a remote method decorator', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-static-remote-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is a build error at the method, and a class the server refuses to load names it', async () => {
    expect(await contractFindings(dir, SOURCE)).toEqual([
      "service.ts:6: products.make is static and has @ApiOperation, but a remote method is called on the service's instance, and the server refuses to load the class: drop static, or the decorator",
      "service.ts:7: products.count is static and has @RemoteMethod, but a remote method is called on the service's instance, and the server refuses to load the class: drop static, or the decorator",
    ]);
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(path.resolve(__dirname, '../..'), path.join(dir, 'node_modules', 'portico'), 'dir');
    expect(() => require(path.join(dir, 'dist', 'service.js'))).toThrow(
      "portico: ProductService.make is static and has @ApiOperation, but a remote method is called on the service's instance: drop static, or the decorator",
    );
  }, 60_000);
});
