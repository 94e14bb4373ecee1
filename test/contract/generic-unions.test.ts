import { json, send } from '../support/http';
import { serveContractProject } from './served-project';

/** Generic instantiations given tagged aliases, inside unions and type literals. */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
/** @format date */
export type Day = string;
/** @maxLength 4 */
export type Code = string;
export interface Tagged<K, T> { kind: K; value: T }
export interface Page<T> { items: T[] }
export interface Outer<T> { page: Page<{ d: T }>; pair?: Tagged<Day, { d: T }> }
@Api() @RemoteService('gen') export class GenService {
  @ApiOperation('Echoes either')
  either(value: Tagged<'day', Day> | Tagged<'code', Code>): Tagged<'day', Day> | Tagged<'code', Code> {
    return value.kind === 'day' && value.value === '2000-01-01' ? { kind: 'day', value: 'soon' } : value;
  }
  @ApiOperation('Reads an outer page') outer(value: Outer<Day>): string { return value.page.items[0]?.d ?? ''; }
  @ApiOperation('Counts pages') pages(page: Page<Day> | Page<Code>): number { return page.items.length; }
}
export default nativeApp({ name: 'gen', services: [GenService] });
`;

type Schemas = Record<string, { properties: Record<string, unknown> }>;

describe('generic instantiations with tagged aliases, with a contract', () => {
  const project = serveContractProject('generic-unions', SOURCE);
  const post = (method: string, body: unknown) =>
    send(project.server.url, `/gen/gen/${method}`, { headers: json(), body: JSON.stringify(body) });

  it('carries the tags into each member of a union of instantiations, in the document', () => {
    const { schemas } = (project.generation.document as { components: { schemas: Schemas } })
      .components;
    expect(schemas.Tagged_day_Day?.properties.value).toEqual({ type: 'string', format: 'date' });
    expect(schemas.Tagged_code_Code?.properties.value).toEqual({ type: 'string', maxLength: 4 });
    const lost = project.generation.diagnostics.filter((d) => d.message.startsWith('gen.pages'));
    expect(lost.map((d) => `${d.location?.line}: ${d.message}`)).toEqual([
      // One warning that names what TypeScript did, not one per alias in a list of places.
      "16: gen.pages(page): Page<Day> and Page<Code> are one type to TypeScript, Page<string>, which one schema describes (one generic given different arguments in one type), so the JSDoc tags of type aliases Day and Code are left out of the document and not enforced: write one instantiation, or make each a type of its own with a literal member that tells them apart (Tagged<'day', Day> | Tagged<'code', Code>)",
    ]);
  });

  it('warns where a type literal given to a generic drops the tags of an outer parameter', async () => {
    const lost = project.generation.diagnostics.filter((d) => d.message.startsWith('Outer_Day'));
    expect(lost.map((d) => `${d.location?.line}: ${d.message}`)).toEqual([
      expect.stringMatching(/^9: Outer_Day\.page: the JSDoc tags of type alias Day reach it /),
      expect.stringMatching(/^9: Outer_Day\.pair: the JSDoc tags of type alias Day reach it /),
    ]);
    // Left out of the document, and so not enforced: the server takes what the document says.
    const { schemas } = (project.generation.document as { components: { schemas: Schemas } })
      .components;
    expect(JSON.stringify(schemas.Page_Object_d_String)).not.toContain('date');
    const answer = await post('outer', { page: { items: [{ d: 'not a date' }] } });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('"not a date"');
  });

  it('and on the server: requests refused and results answered as the document says', async () => {
    for (const value of [
      { kind: 'day', value: '2024-02-29' },
      { kind: 'code', value: 'abcd' },
    ]) {
      const answer = await post('either', value);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual(value);
    }
    const refused = [
      [{ kind: 'day', value: '2024-02-30' }, 'expected a date'],
      [{ kind: 'code', value: 'abcde' }, 'value: '],
    ] as const;
    for (const [value, message] of refused) {
      const answer = await post('either', value);
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toContain(message);
      expect(answer.error?.message).toContain('value');
    }
    const wrong = await post('either', { kind: 'day', value: '2000-01-01' });
    expect(wrong.status).toBe(500);
  });
});
