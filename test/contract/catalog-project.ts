/**
 * A catalog as a user writes it, with the constructs the other projects leave out: recursive
 * types (a category tree, a comment thread), \`readonly\` members and \`readonly T[]\`, an index
 * signature, a numeric literal union, mapped types, an enum whose values hold spaces,
 * \`Record\` of a literal union, nested generics, a getter with a setter and one without,
 * \`Awaited\`, \`ReturnType\`, \`NonNullable\`, \`satisfies\`, and a service that extends an
 * abstract generic class.
 */
export const CATALOG_SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
/** A node of the category tree. */
export interface Category { name: string; children: Category[]; parent?: Category | null }
/** A comment and the thread under it. */
export interface Comment { readonly id: number; text: string; replies: readonly Comment[]; next?: Comment | null }
export interface Product { readonly sku: string; readonly tags: readonly string[]; price: number; size: Size; finish: Finish }
export interface Attributes { [key: string]: string }
export type Size = 1 | 2 | 3;
export type Keys = 'small' | 'large';
export type Counts = { [K in Keys]: number };
export type Optionals = { [K in Keys]?: string };
export enum Finish { Matte = 'matte finish', Gloss = 'high gloss' }
export type ByKey = Record<Keys, Product>;
export interface Result<T, E> { ok: T | null; err: E | null }
export interface Page<T> { items: T[]; total: number }
export class Stock {
  private _level = 0;
  get level(): number { return this._level; }
  set level(v: number) { this._level = v; }
  get empty(): boolean { return this._level === 0; }
  static zero(): Stock { return new Stock(); }
}
export function sample(): Product { return { sku: 's', tags: [], price: 1, size: 1, finish: Finish.Matte }; }
export const DEFAULT_PAGE = { items: [] as Product[], total: 0 } satisfies Page<Product>;

export abstract class Repo<T> {
  protected items: T[] = [];
  abstract label(): string;
}

@Api() @RemoteService('catalog') export class CatalogService extends Repo<Product> {
  label(): string { return 'catalog'; }
  @ApiOperation('Echoes a tree') tree(c: Category): Category { return c; }
  @ApiOperation('Echoes a thread') thread(c: Comment): Comment { return c; }
  @ApiOperation('Saves a product') save(p: Product): Product { return p; }
  @ApiOperation('Attributes') attrs(a: Attributes): Attributes { return a; }
  @ApiOperation('Sizes') size(s: Size): Size { return s; }
  @ApiOperation('Counts') counts(c: Counts): Counts { return c; }
  @ApiOperation('Optionals') optionals(o: Optionals): Optionals { return o; }
  @ApiOperation('Finish') finish(f: Finish): Finish { return f; }
  @ApiOperation('By key') byKey(b: ByKey): ByKey { return b; }
  @ApiOperation('Results') results(p: Page<Result<Product, string>>): Page<Result<Product, string>> { return p; }
  @ApiOperation('Stock') stock(s: Stock): Stock { return s; }
  @ApiOperation('Awaited') async awaited(): Promise<Awaited<Promise<Product>>> { return sample(); }
  @ApiOperation('ReturnType') returned(): ReturnType<typeof sample> { return sample(); }
  @ApiOperation('NonNullable') nonNull(p: NonNullable<Product | null>): NonNullable<Product | null> { return p; }
  @ApiOperation('Satisfies') satisfied(): typeof DEFAULT_PAGE { return DEFAULT_PAGE; }
  @ApiOperation('Keys') keyOf(k: Keys, n: Size): string { return \`\${k}\${n}\`; }
  @ApiOperation('Add') add(items: readonly Product[]): number { return [...this.items, ...items].length; }
}
export default nativeApp({ name: 'shop', services: [CatalogService] });
`;
