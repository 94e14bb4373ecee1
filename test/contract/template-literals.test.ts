import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { json, send, xml } from '../support/http';
import { serveContractProject } from './served-project';
import { contractFindings } from './types-project';

/** Template literal types: both loose and said so, or both checked by a stated @pattern. */
const SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
export type Ref = \`sku-\${number}\` | \`tag-\${string}\`;
export type Maybe = 'none' | \`sku-\${number}\`;
/** @pattern ^sku-[0-9]+$ */
export type Sku = \`sku-\${number}\`;
export interface Item { ref: Ref; maybe: Maybe | null; sku: Sku; skus?: Sku[] }
export class Coded { @Field({ pattern: '^c-[0-9]+$' }) code!: \`c-\${number}\`; }
@Api() @RemoteService('items') export class ItemService {
  @ApiOperation('Saves an item') save(item: Item): Item { return item; }
  @ApiOperation('Reads a ref') ref(ref: Ref | null, sku: Sku): string { return ref ?? sku; }
  @ApiOperation('Saves a code') code(coded: Coded): Coded { return coded; }
}
export default nativeApp({ name: 'shop', services: [ItemService] });
`;

const LOOSE =
  'whose shape neither the server nor the document checks: both take any string; write string, or an alias of string with a JSDoc @pattern, which is checked';

describe('template literal types, with a contract', () => {
  const project = serveContractProject('template-literals', SOURCE);
  const rmc = (body: unknown) =>
    send(project.server.url, '/shop/items/ref', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: JSON.stringify(body),
    });

  it('describes a union of template literals as the string the server takes, with a warning', () => {
    const warned = project.generation.diagnostics.map((d) => `${d.location?.line}: ${d.message}`);
    // Not a union that XML cannot tell apart: every member is a string, as a template literal is.
    expect(warned).toEqual([
      `3: Ref has type \`sku-\${number}\` | \`tag-\${string}\`, ${LOOSE}`,
      `4: Maybe has type \`sku-\${number}\` | "none", ${LOOSE}`,
    ]);
    const { schemas } = (
      project.generation.document as { components: { schemas: Record<string, unknown> } }
    ).components;
    expect(schemas.Ref).toEqual({ type: 'string' });
    expect(schemas.Maybe).toEqual({ type: 'string' });
  });

  it('checks the @pattern stated on a template literal alias, as the document says', async () => {
    const { schemas } = (
      project.generation.document as {
        components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      }
    ).components;
    expect(schemas.Item?.properties.sku).toEqual({ type: 'string', pattern: '^sku-[0-9]+$' });
    const post = (body: unknown) =>
      send(project.server.url, '/shop/items/save', { headers: json(), body: JSON.stringify(body) });
    const taken = { ref: 'anything', maybe: null, sku: 'sku-1', skus: ['sku-2'] };
    expect((await post(taken)).status).toBe(200);
    const refused = await post({ ...taken, skus: ['sku-x'] });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain('skus[0]: does not match the pattern ^sku-[0-9]+$');
    expect((await rmc([null, 'sku-x'])).status).toBe(400);
    // A @Field's pattern is the one the document gives and the server checks: no warning either.
    expect(schemas.Coded?.properties.code).toEqual({ type: 'string', pattern: '^c-[0-9]+$' });
    const coded = (code: string) =>
      send(project.server.url, '/shop/items/code', {
        headers: json(),
        body: JSON.stringify({ code }),
      });
    expect((await coded('c-12')).status).toBe(200);
    expect((await coded('c-x')).error?.message).toBe(
      'argument 0 (Coded): field code: does not match the pattern ^c-[0-9]+$',
    );
  });

  it('takes any string for the union, in JSON and XML, RMC and ROA', async () => {
    const answer = await rmc(['neither', 'sku-1']);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('"neither"');
    const inXml = await send(project.server.url, '/shop/items/ref', {
      headers: xml('libB', { 'X-SVC-API-ID': 'RMC' }),
      body: '<paramArray><string>x</string><string>sku-7</string></paramArray>',
    });
    expect(inXml.status).toBe(200);
    expect(inXml.text).toContain('>x<');
  });
});

describe('template literal types under --strict', () => {
  it('refuses a loose one and takes one whose alias states a @pattern', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-template-strict-'));
    try {
      expect(await contractFindings(dir, SOURCE, { strict: true })).toEqual([
        `service.ts:3: Ref has type \`sku-\${number}\` | \`tag-\${string}\`, ${LOOSE}`,
        `service.ts:4: Maybe has type \`sku-\${number}\` | "none", ${LOOSE}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
