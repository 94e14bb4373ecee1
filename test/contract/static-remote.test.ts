import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractFindings } from './types-project';

/** A static method, a getter and a setter given a remote method's decorator. */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteMethod, RemoteService } from 'portico';
export interface Product { sku: string }
@Api() @RemoteService('products') export class ProductService {
  @ApiOperation('Finds a product') find(sku: string): Product { return { sku }; }
  @ApiOperation('Makes a product') static make(sku: string): Product { return { sku }; }
  @RemoteMethod() static count(): number { return 0; }
  static helper(): number { return 1; }
  @ApiOperation('Answers the name') get name(): string { return 'products'; }
  @RemoteMethod() set level(next: number) { void next; }
}
export default nativeApp({ name: 'shop', services: [ProductService] });
`;

const WHY =
  "a remote method is a method called on the service's instance, and the server refuses to load the class";

describe('a static method, a getter or a setter with a remote method decorator', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-static-remote-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is a build error at the member', async () => {
    expect(await contractFindings(dir, SOURCE)).toEqual([
      `service.ts:6: products.make is static and has @ApiOperation, but ${WHY}: drop static, or the decorator`,
      `service.ts:7: products.count is static and has @RemoteMethod, but ${WHY}: drop static, or the decorator`,
      `service.ts:9: products.name is a getter and has @ApiOperation, but ${WHY}: write a method, or drop the decorator`,
      `service.ts:10: products.level is a setter and has @RemoteMethod, but ${WHY}: write a method, or drop the decorator`,
    ]);
  }, 60_000);

  /** The error loading the compiled `source` throws. */
  async function loadError(source: string): Promise<string> {
    const other = mkdtempSync(path.join(tmpdir(), 'portico-uncallable-'));
    try {
      await contractFindings(other, source);
      mkdirSync(path.join(other, 'node_modules'));
      const portico = path.join(other, 'node_modules', 'portico');
      symlinkSync(path.resolve(__dirname, '../..'), portico, 'dir');
      try {
        require(path.join(other, 'dist', 'service.js'));
      } catch (error) {
        return (error as Error).message;
      }
      return 'loaded';
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  }

  it('names the static method or the getter that the decorator refuses when the class loads', async () => {
    const statics = SOURCE.replace(
      / *@ApiOperation\('Answers the name'\)[^\n]*\n *@RemoteMethod\(\) set[^\n]*\n/,
      '',
    );
    expect(await loadError(statics)).toBe(
      "portico: ProductService.make is static and has @ApiOperation, but a remote method is a method called on the service's instance: drop static, or the decorator",
    );
    const getter = SOURCE.replace(
      / *@ApiOperation\('Makes[^\n]*\n *@RemoteMethod\(\) static[^\n]*\n/,
      '',
    );
    expect(await loadError(getter)).toBe(
      "portico: ProductService.name is not a method and has @ApiOperation: a remote method is a method called on the service's instance; write a method, or drop the decorator",
    );
  }, 60_000);
});
