import { serveContractProject } from '../contract/served-project';
import { json, send } from '../support/http';

// `[Box<Day>, Box<string>]`: TypeScript makes both items one type, Box<string>, and the schema
// follows the type, so the second item was described and checked as a Box_Day: a plain string
// was refused with a 400. One generic given different arguments in one type now carries neither
// alias's tags, with one warning naming both instantiations and the aliases, as a union of them
// does (docs/design-contract.md).
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
/** @format date */
export type Day = string;
/** @maxLength 4 */
export type Code = string;
export interface Box<T> { value: T; }
export interface Shelf {
  mixed?: [Box<Day>, Box<string>];
  two?: [Box<Day>, Box<Code>];
  dated?: Box<Day>;
}
@Api() @RemoteService('shelf')
export class ShelfService {
  @ApiOperation('Stores') store(shelf: Shelf): number { return Object.keys(shelf).length; }
}
export default nativeApp({ name: 'shelf', services: [ShelfService] });
`;

describe('one generic given a tagged alias and another argument in one tuple', () => {
  const project = serveContractProject('two-arguments', SOURCE);
  const store = (shelf: object) =>
    send(project.server.url, '/shelf/shelf/store', {
      headers: json(),
      body: JSON.stringify(shelf),
    });

  it('takes a plain string where the tuple says Box<string>', async () => {
    const answer = await store({ mixed: [{ value: '2024-01-01' }, { value: 'no date' }] });
    expect([answer.status, answer.text]).toEqual([200, '1']);
    const code = await store({ two: [{ value: '2024-01-01' }, { value: 'longer' }] });
    expect([code.status, code.text]).toEqual([200, '1']);
  });

  it('describes both items as Box_String, and warns once of the aliases left out', () => {
    const schemas = (project.generation.document as any).components.schemas;
    const ref = { $ref: '#/components/schemas/Box_String' };
    expect(schemas.Shelf.properties.mixed.prefixItems).toEqual([ref, ref]);
    expect(schemas.Shelf.properties.two.prefixItems).toEqual([ref, ref]);
    const lost = project.generation.diagnostics
      .filter((d) => d.message.includes('one generic given different arguments in one type'))
      .map((d) => `${d.location?.line}: ${d.message.replace(/ are left out .*$/, '')}`);
    const merged = 'one type to TypeScript, Box<string>, which one schema describes';
    expect(lost).toEqual([
      `9: Shelf.mixed: Box<Day> and Box<string> are ${merged} (one generic given different arguments in one type), so the JSDoc tags of type alias Day`,
      `10: Shelf.two: Box<Day> and Box<Code> are ${merged} (one generic given different arguments in one type), so the JSDoc tags of type aliases Day and Code`,
    ]);
  });

  it('still carries the tags where the generic is given one alias alone', async () => {
    const schemas = (project.generation.document as any).components.schemas;
    expect(schemas.Box_Day.properties.value).toEqual({ type: 'string', format: 'date' });
    const refused = await store({ dated: { value: 'no date' } });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain('dated.value');
  });
});
