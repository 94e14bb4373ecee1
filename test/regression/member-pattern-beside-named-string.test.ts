import { serveContractProject } from '../contract/served-project';
import { json, send, xml } from '../support/http';

// Bug: a member's JSDoc @pattern on a named union of template literals (`Ref`, a string in the
// contract) was written in the document beside the `$ref` (OpenAPI 3.1: both hold), but the server
// took any string there: the document promised a check the server did not make.
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export type Ref = \`sku-\${number}\` | \`tag-\${string}\`;
export interface Item {
  /** @pattern ^sku-[0-9]+$ */
  ref: Ref;
  /** @pattern ^sku-[0-9]+$ */
  maybe: Ref | null;
  /** @pattern ^sku-[0-9]+$ */
  refs?: Ref[];
  loose?: Ref;
}
@Api() @RemoteService('items') export class ItemService {
  @ApiOperation('Saves an item') save(item: Item): Item { return item; }
}
export default nativeApp({ name: 'shop', services: [ItemService] });
`;

describe('a member @pattern beside a named union of template literals', () => {
  const project = serveContractProject('member-pattern', SOURCE);
  const save = (item: unknown) =>
    send(project.server.url, '/shop/items/save', { headers: json(), body: JSON.stringify(item) });
  const taken = { ref: 'sku-1', maybe: null, refs: ['sku-2'], loose: 'tag-x' };

  it('is in the document beside the $ref', () => {
    const { schemas } = (
      project.generation.document as {
        components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      }
    ).components;
    expect(schemas.Item?.properties.ref).toEqual({
      $ref: '#/components/schemas/Ref',
      pattern: '^sku-[0-9]+$',
    });
  });

  it('is checked by the server, as the document says', async () => {
    expect((await save(taken)).status).toBe(200);
    for (const [field, value, where] of [
      ['ref', 'tag-x', 'field ref'],
      ['maybe', 'tag-x', 'field maybe'],
      ['refs', ['sku-2', 'tag-x'], 'field refs[1]'],
    ] as const) {
      const refused = await save({ ...taken, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toContain(`${where}: does not match the pattern ^sku-[0-9]+$`);
    }
  });

  it('is checked in XML too', async () => {
    const body = (ref: string) =>
      `<object><ref>${ref}</ref><maybe xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/></object>`;
    const post = (ref: string) =>
      send(project.server.url, '/shop/items/save', { headers: xml('libB'), body: body(ref) });
    expect((await post('sku-3')).status).toBe(200);
    expect((await post('tag-x')).status).toBe(400);
  });
});
