import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { serveContractProject } from './contract-server';

/** An enum, and a literal set read off an `as const` array, which TypeScript keeps no alias for. */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export enum Currency { Eur = 'EUR', Usd = 'USD' }
export const KINDS = ['book', 'film'] as const;
/** What a catalog holds. */
export type Kind = (typeof KINDS)[number];
export interface Item { kind: Kind; currency: Currency }
@Api() @RemoteService('catalog') export class CatalogService {
  @ApiOperation('Echoes a kind') kind(kind: Kind): Kind { return kind; }
  @ApiOperation('Prices') price(currency: Currency, amount: number): string {
    return amount + currency;
  }
  @ApiOperation('Echoes an item') item(item: Item): Item { return item; }
  @ApiOperation('Shelves a kind written in place') shelf(kind: 'book' | 'film'): string {
    return kind;
  }
}
export default nativeApp({ name: 'shop', services: [CatalogService] });
`;

const RMC = { 'X-SVC-API-ID': 'RMC' };

describe('named literal sets and enums, with a contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-named-sets-'));
  let server: TestServer;
  let document: any;

  beforeAll(async () => {
    const served = await serveContractProject(dir, SOURCE);
    server = served.server;
    document = served.generation.document;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, body: string, headers = json()) =>
    send(server.url, `/shop/catalog/${method}`, { headers, body });

  it('names the set of an as-const array by its alias, in the document', () => {
    const { schemas } = document.components;
    expect(schemas.Kind).toEqual({
      type: 'string',
      enum: ['book', 'film'],
      description: 'What a catalog holds.',
    });
    expect(schemas.Item.properties.kind).toEqual({ $ref: '#/components/schemas/Kind' });
    const body = document.paths['/shop/catalog/kind'].post.requestBody.content;
    expect(body['application/xml'].schema.$ref).toBe('#/components/schemas/Kind');
  });

  it('names an enum or an aliased set argument by its name when it refuses it', async () => {
    const expected = 'argument 0 (Kind): expected one of "book", "film", got "game"';
    expect((await call('kind', '"game"')).error?.message).toBe(expected);
    expect((await call('kind', '["game"]', json(RMC))).error?.message).toBe(expected);
    const libB = await call('kind', '<string>game</string>', xml('libB'));
    expect(libB.error?.message.replace(/&quot;/g, '"')).toBe(expected);
    const price = await call('price', '["XYZ", 1]', json(RMC));
    expect(price.error?.message).toBe(
      'argument 0 (Currency): expected one of "EUR", "USD", got "XYZ"',
    );
    expect((await call('price', '["EUR", 1]', json(RMC))).text).toBe('"1EUR"');
    expect((await call('kind', '"film"')).text).toBe('"film"');
  });

  it('writes a set written in place by its values, though an alias resolves to the same', async () => {
    const body = document.paths['/shop/catalog/shelf'].post.requestBody.content;
    expect(body['application/xml'].schema).toMatchObject({
      type: 'string',
      enum: ['book', 'film'],
    });
    expect((await call('shelf', '"game"')).error?.message).toBe(
      'argument 0 ("book" | "film"): expected one of "book", "film", got "game"',
    );
  });

  it('still names the field inside an object', async () => {
    const answer = await call('item', '{"kind":"game","currency":"EUR"}');
    expect(answer.error?.message).toBe(
      'argument 0 (Item): field kind: expected one of "book", "film", got "game"',
    );
  });
});
