import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { json, send, xml } from '../support/http';
import { serveContractProject } from './served-project';
import { contractFindings } from './types-project';

const HEAD = `
import { Api, ApiOperation, nativeApp, RemoteMethod, RemoteService } from 'portico';
export interface Product { sku: string; /** @minimum 0 */ price: number }
`;

/** Generic parents, whose methods a `@RemoteService` class inherits: `remote` marks them remote. */
const parents = (remote: boolean) => {
  const mark = (decorator: string) => (remote ? `${decorator} ` : '');
  return `${HEAD}
export abstract class Repository<T, K> {
  protected rows: T[] = [];
  ${mark("@ApiOperation('Gets one')")}get(id: K): Promise<T | null> { return Promise.resolve(this.rows[0] ?? null); }
  ${mark('@RemoteMethod()')}list(filter: Partial<T>, limit?: number): T[] { return [filter as T].slice(0, limit); }
}
@Api() @RemoteService('products') export class Products extends Repository<Product, string> {}
export abstract class A<T> { ${mark("@ApiOperation('Echoes')")}echo(value: T): T { return value; } }
export abstract class B<U> extends A<U[]> {
  ${mark("@ApiOperation('First')")}first(values: U[]): U | null { return values[0] ?? null; }
}
@Api() @RemoteService('chain') export class C extends B<Product> {}
export default nativeApp({ name: 'shop', services: [Products, C] });
`;
};
const ON_PARENTS = parents(true);

/** The methods each warning names, with the subclass's type arguments in place of T, K and U. */
const OVERRIDES = {
  get: "@ApiOperation('Gets one') override get(id: string): Promise<Product | null> { return super.get(id); }",
  list: '@RemoteMethod() override list(filter: Partial<Product>, limit?: number): Product[] { return super.list(filter, limit); }',
  echo: "@ApiOperation('Echoes') override echo(value: Product[]): Product[] { return super.echo(value); }",
  first:
    "@ApiOperation('First') override first(values: Product[]): Product | null { return super.first(values); }",
};

/** The same project with those methods declared where the warnings say. */
const DECLARED = parents(false)
  .replace(
    'Repository<Product, string> {}',
    `Repository<Product, string> {\n  ${OVERRIDES.get}\n  ${OVERRIDES.list}\n}`,
  )
  .replace('B<Product> {}', `B<Product> {\n  ${OVERRIDES.echo}\n  ${OVERRIDES.first}\n}`);

const UNSERVED =
  'but its class has no @RemoteService, so it is never served nor described: a @RemoteService class serves only the methods it declares itself, not those it inherits';

describe('remote methods of a generic parent class', () => {
  it('are refused under --strict, naming the class, the method and the declaration that serves it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-inherited-generic-'));
    try {
      expect(await contractFindings(dir, ON_PARENTS, { strict: true })).toEqual([
        `service.ts:7: Repository.get has @ApiOperation, ${UNSERVED}; to serve it, take @ApiOperation off Repository.get and declare the method in each @RemoteService class that inherits it: in Products, ${OVERRIDES.get}`,
        `service.ts:8: Repository.list has @RemoteMethod, ${UNSERVED}; to serve it, take @RemoteMethod off Repository.list and declare the method in each @RemoteService class that inherits it: in Products, ${OVERRIDES.list}`,
        `service.ts:11: A.echo has @ApiOperation, ${UNSERVED}; to serve it, take @ApiOperation off A.echo and declare the method in each @RemoteService class that inherits it: in C, ${OVERRIDES.echo}`,
        `service.ts:13: B.first has @ApiOperation, ${UNSERVED}; to serve it, take @ApiOperation off B.first and declare the method in each @RemoteService class that inherits it: in C, ${OVERRIDES.first}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('remote methods of a generic parent class marked @Api', () => {
  it('are refused under --strict beside the class, naming the declaration that serves them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-inherited-api-'));
    const source = `${HEAD}
@Api() export abstract class Named<T> { @ApiOperation('Names') name(value: T): string { return ''; } }
@Api() @RemoteService('named') export class Names extends Named<Product> {}
export default nativeApp({ name: 'shop', services: [Names] });
`;
    try {
      expect(await contractFindings(dir, source, { strict: true })).toEqual([
        'service.ts:5: Named has @Api but no @RemoteService, so nothing can call it; it is left out',
        `service.ts:5: Named.name has @ApiOperation, ${UNSERVED}; to serve it, take @ApiOperation off Named.name and declare the method in each @RemoteService class that inherits it: in Names, @ApiOperation('Names') override name(value: Product): string { return super.name(value); }`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('remote methods of a generic parent class that a subclass declares too', () => {
  it('says which declaration is served, or that the unmarked one is not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-inherited-declared-'));
    const source = `${HEAD}
export abstract class Repo<T> {
  @ApiOperation('Gets one') get(id: string): T | null { return null; }
  @ApiOperation('Lists') list(): T[] { return []; }
}
@Api() @RemoteService('items') export class Items extends Repo<Product> {
  @ApiOperation('Gets one') override get(id: string): Product | null { return null; }
  override list(): Product[] { return []; }
}
export default nativeApp({ name: 'shop', services: [Items] });
`;
    try {
      expect(await contractFindings(dir, source, { strict: true })).toEqual([
        `service.ts:6: Repo.get has @ApiOperation, ${UNSERVED}; Items declares its own get, which is what is served: take @ApiOperation off Repo.get`,
        `service.ts:7: Repo.list has @ApiOperation, ${UNSERVED}; Items.list declares it without a remote decorator, so it is not served either: move @ApiOperation('Lists') onto Items.list`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('remote methods of a generic @RemoteService parent that no nativeApp deploys', () => {
  it('name the declaration to write in the deployed class that inherits them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-inherited-service-'));
    const source = `${HEAD}
@Api() @RemoteService('repo') export abstract class Repo<T> { @ApiOperation('Gets') get(id: string): T | null { return null; } }
@RemoteService('bare') export abstract class Bare<T> { @RemoteMethod() put(value: T): void {} }
@Api() @RemoteService('items') export class Items extends Repo<Product> {}
@Api() @RemoteService('bags') export class Bags extends Bare<Product[]> {}
export default nativeApp({ name: 'shop', services: [Items, Bags] });
`;
    const lost = (where: string) =>
      `${where}, but no nativeApp deploys its class, so it is never served nor described: a @RemoteService class serves only the methods it declares itself, not those it inherits`;
    try {
      expect(await contractFindings(dir, source, { strict: true })).toEqual([
        'service.ts:5: no nativeApp in the project deploys Repo; it is left out (give --microservice)',
        `service.ts:5: ${lost('Repo.get has @ApiOperation')}; to serve it, take @ApiOperation off Repo.get and declare the method in each @RemoteService class that inherits it: in Items, @ApiOperation('Gets') override get(id: string): Product | null { return super.get(id); }`,
        'service.ts:6: Bare has @RemoteService but no @Api, so the document leaves its methods out: add @Api() to the class',
        `service.ts:6: ${lost('Bare.put has @RemoteMethod')}; to serve it, take @RemoteMethod off Bare.put and declare the method in each @RemoteService class that inherits it: in Bags, @RemoteMethod() override put(value: Product[]): void { return super.put(value); }`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('remote methods of a generic class given to a mixin', () => {
  it('name the declaration to write in the class that extends the mixin', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-inherited-mixin-'));
    const source = `${HEAD}
type Ctor<T = {}> = new (...args: any[]) => T;
export function Timestamped<B extends Ctor>(Base: B) { return class extends Base { at = 0; }; }
export class Plain<T> { @ApiOperation('Hello') hello(name: T): T { return name; } }
@Api() @RemoteService('mixed') export class Mixed extends Timestamped(Plain<string>) {}
export default nativeApp({ name: 'shop', services: [Mixed] });
`;
    try {
      expect(await contractFindings(dir, source, { strict: true })).toEqual([
        `service.ts:7: Plain.hello has @ApiOperation, ${UNSERVED}; to serve it, take @ApiOperation off Plain.hello and declare the method in each @RemoteService class that inherits it: in Mixed, @ApiOperation('Hello') override hello(name: string): string { return super.hello(name); }`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('remote methods declared as the warning says, with a contract', () => {
  const project = serveContractProject('inherited-generic', DECLARED);
  const call = (method: string, body: string, headers: Record<string, string>) =>
    send(project.server.url, `/shop/${method}`, { headers, body });
  const rmc = { 'X-SVC-API-ID': 'RMC' };

  it('builds with no finding, and the document binds T and K to the type arguments', () => {
    expect(project.generation.diagnostics).toEqual([]);
    const paths = project.generation.document.paths as Record<string, unknown>;
    const get = JSON.stringify(paths['/shop/products/get']);
    expect(get).toContain('"schema":{"type":"string"');
    expect(get).toContain('{"$ref":"#/components/schemas/Product"},{"type":"null"}');
  });

  it('binds and checks the arguments as the document says, in JSON and XML, ROA and RMC', async () => {
    expect((await call('products/get', '"p1"', json())).text).toBe('null');
    const number = await call('products/get', '1', json());
    expect(number.error?.message).toBe('argument 0 (string): expected a string, got 1');
    const sequences = [
      ['products/list', '[{"price":-1}]', json(rmc)],
      [
        'products/list',
        '<paramArray><object><price>-1</price></object></paramArray>',
        xml('libB', rmc),
      ],
      ['chain/echo', '[{"sku":"a","price":-1}]', json()],
      [
        'chain/echo',
        '<object-array><object><sku>a</sku><price>-1</price></object></object-array>',
        xml('libB'),
      ],
    ] as const;
    for (const [method, body, headers] of sequences) {
      const refused = await call(method, body, headers);
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toMatch(/price: -1 is less than 0$/);
    }
    const first = await call('chain/first', '[[{"sku":"a","price":2}]]', json(rmc));
    expect(JSON.parse(first.text)).toEqual({ sku: 'a', price: 2 });
  });

  it('checks the result against the type arguments: a Partial that is not a Product is a 500', async () => {
    const answer = await call('products/list', '[{"price":1}]', json(rmc));
    expect(answer.status).toBe(500);
    const whole = await call('products/list', '[{"sku":"a","price":1}, 1]', json(rmc));
    expect(JSON.parse(whole.text)).toEqual([{ sku: 'a', price: 1 }]);
  });
});
