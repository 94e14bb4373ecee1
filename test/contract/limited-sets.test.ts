import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { serveContractProject } from './contract-server';

/** Limits written beside a named set of literals or an enum, which the document gives with its $ref. */
const RMC = { 'X-SVC-API-ID': 'RMC' };

const SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
export type Color = 'red' | 'green' | 'rose';
/** @pattern ^r */
export type Reddish = 'red' | 'green' | 'rose';
/** @pattern ^r */
export type MaybeRed = 'red' | 'green' | null;
export interface Page<T> { items: T[] }
export enum Size { Small = 'small', Large = 'large' }
export enum Level { Low = 1, Mid = 5, High = 9 }
/** @pattern ^s */
export enum Fit { Slim = 'slim', Loose = 'loose' }
export type Mixed = 'a' | 'bb' | 3;
export interface Paint {
  /** @pattern ^r */
  color: Color;
  /** @maxLength 5 */
  size?: Size;
  /** @minimum 2 */
  level?: Level;
  /** @minLength 2 @maximum 4 */
  mixed?: Mixed;
  /** @minLength 2 */
  note?: string | Spot;
  shades?: Reddish[];
  fit?: Fit;
}
export interface Spot { street: string }
export class Brush { @Field({ pattern: '^g' }) color!: Color; }
@Api() @RemoteService('paints') export class PaintService {
  @ApiOperation('Echoes a paint') paint(paint: Paint): Paint { return paint; }
  @ApiOperation('Echoes a shade') shade(shade: Reddish): Reddish { return shade; }
  @ApiOperation('Counts shades') shades(page: Page<Reddish>): number { return page.items.length; }
  @ApiOperation('Echoes a shade or none') maybe(shade: MaybeRed): MaybeRed { return shade; }
  @ApiOperation('Counts fits') fits(page: Page<Fit>): number { return page.items.length; }
  @ApiOperation('Echoes a brush') brush(brush: Brush): Brush { return brush; }
  @ApiOperation('Answers a paint of any color') any(color: string): Paint {
    return { color: color as Color };
  }
}
export default nativeApp({ name: 'shop', services: [PaintService] });
`;

describe('limits beside a named set of literals or an enum, with a contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-limited-sets-'));
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
    send(server.url, `/shop/paints/${method}`, { headers, body });

  it('gives the limits beside the set in the document', () => {
    const { Paint, Brush } = document.components.schemas;
    expect(Paint.properties.color).toEqual({ $ref: '#/components/schemas/Color', pattern: '^r' });
    expect(Paint.properties.level).toEqual({ $ref: '#/components/schemas/Level', minimum: 2 });
    expect(Brush.properties.color).toEqual({ $ref: '#/components/schemas/Color', pattern: '^g' });
  });

  it('checks a pattern beside a set of literals, as the document says, in JSON and XML', async () => {
    const refused = 'argument 0 (Paint): field color: does not match the pattern ^r';
    expect((await call('paint', '{"color":"rose"}')).text).toBe('{"color":"rose"}');
    expect((await call('paint', '{"color":"green"}')).error?.message).toBe(refused);
    expect((await call('paint', '[{"color":"green"}]', json(RMC))).error?.message).toBe(refused);
    const libB = await call('paint', '<object><color>green</color></object>', xml('libB'));
    expect(libB.status).toBe(400);
    expect(libB.text).toContain('field color: does not match the pattern ^r');
    const brush = await call('brush', '{"color":"red"}');
    expect(brush.error?.message).toBe(
      'argument 0 (Brush): field color: does not match the pattern ^g',
    );
    expect((await call('brush', '{"color":"green"}')).text).toBe('{"color":"green"}');
  });

  it('checks the limits beside an enum, and those of a mixed set on its values of their type', async () => {
    expect((await call('paint', '{"color":"red","size":"large","level":5}')).status).toBe(200);
    expect((await call('paint', '{"color":"red","size":"small","level":1}')).error?.message).toBe(
      'argument 0 (Paint): field level: 1 is less than 2',
    );
    expect((await call('paint', '{"color":"red","mixed":"a"}')).error?.message).toBe(
      'argument 0 (Paint): field mixed: 1 characters, fewer than 2',
    );
    expect((await call('paint', '{"color":"red","mixed":"bb"}')).status).toBe(200);
    expect((await call('paint', '{"color":"red","mixed":3}')).status).toBe(200);
  });

  it("checks the limits beside a primitive and an object type on the primitive's values", async () => {
    expect((await call('paint', '{"color":"red","note":"a"}')).error?.message).toBe(
      'argument 0 (Paint): field note: 1 characters, fewer than 2',
    );
    expect((await call('paint', '{"color":"red","note":"ab"}')).status).toBe(200);
    expect((await call('paint', '{"color":"red","note":{"street":"a"}}')).status).toBe(200);
  });

  it('holds the limits of an alias of a set wherever it is used, in the document and on the server', async () => {
    const { Paint } = document.components.schemas;
    const reddish = { $ref: '#/components/schemas/Reddish', pattern: '^r' };
    expect(Paint.properties.shades.items).toMatchObject(reddish);
    const body = document.paths['/shop/paints/shade'].post.requestBody.content;
    expect(body['application/xml'].schema).toMatchObject(reddish);
    expect((await call('shade', '"green"')).error?.message).toBe(
      'argument 0 (Reddish): does not match the pattern ^r',
    );
    expect((await call('shade', '"rose"')).text).toBe('"rose"');
    expect((await call('paint', '{"color":"red","shades":["green"]}')).error?.message).toBe(
      'argument 0 (Paint): field shades[0]: does not match the pattern ^r',
    );
    // An enum's own tags hold where it is used too.
    expect(Paint.properties.fit).toEqual({ $ref: '#/components/schemas/Fit', pattern: '^s' });
    expect((await call('paint', '{"color":"red","fit":"loose"}')).error?.message).toBe(
      'argument 0 (Paint): field fit: does not match the pattern ^s',
    );
    // And where a generic writes T: Page<Fit>'s items.
    const fits = document.components.schemas.Page_Fit.properties.items.items;
    expect(fits).toMatchObject({ $ref: '#/components/schemas/Fit', pattern: '^s' });
    expect((await call('fits', '{"items":["slim","loose"]}')).error?.message).toBe(
      'argument 0 (Page_Fit): field items[1]: does not match the pattern ^s',
    );
    expect((await call('fits', '{"items":["slim"]}')).text).toBe('1');
    // Also where a generic writes T: Page<Reddish> is Page_Reddish, with the limits on its items.
    const page = document.components.schemas.Page_Reddish;
    expect(page.properties.items.items).toMatchObject(reddish);
    expect((await call('shades', '{"items":["rose","green"]}')).error?.message).toBe(
      'argument 0 (Page_Reddish): field items[1]: does not match the pattern ^r',
    );
    expect((await call('shades', '{"items":["rose"]}')).text).toBe('1');
    // And where the alias holds null beside the literals.
    const maybe = document.paths['/shop/paints/maybe'].post.requestBody.content;
    expect(maybe['application/xml'].schema).toMatchObject({ pattern: '^r' });
    expect((await call('maybe', '"green"')).error?.message).toMatch(
      /does not match the pattern \^r$/,
    );
    expect((await call('maybe', '"red"')).text).toBe('"red"');
    expect((await call('maybe', 'null')).text).toBe('null');
  });

  it('refuses a result off the limits beside its set, as it refuses one off the set', async () => {
    expect((await call('any', '"red"')).text).toBe('{"color":"red"}');
    const answer = await call('any', '"green"');
    expect(answer.status).toBe(500);
  });
});
