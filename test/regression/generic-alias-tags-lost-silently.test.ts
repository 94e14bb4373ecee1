import { type Json } from '../../src/swagger/build/dialect';
import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { sourceProject } from '../swagger/support';

// A tagged alias given to a generic alias built from types (`type Maybe<T> = T | null`, `T[]`,
// `Record<string, T>`) lost its tags with no warning, under a schema named after it (`Dict_Day`);
// and one given to an alias of another generic (`type Boxed<T> = Box<T>`) lost them too, as
// Box's members are written with Box's own parameter.
const SERVICE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
/** @format date */
export type Day = string;
export interface Box<T> { value: T; }
export type Boxed<T> = Box<T>;
export type Labelled<T> = Box<T> & { label: string; also: T };
export type Maybe<T> = T | null;
export type List<T> = T[];
export type Dict<T> = Record<string, T>;
export type Either<T> = T | number;
export type MaybeBox<T> = Box<T> | null;
export interface Calendar {
  boxed: Boxed<Day>;
  labelled: Labelled<Day>;
  maybe: Maybe<Day>;
  list: List<Day>;
  dict: Dict<Day>;
  either: Either<Day>;
  maybeBox: MaybeBox<Day>;
}
@Api() @RemoteService('calendar')
export class CalendarService {
  @ApiOperation('Plans') plan(calendar: Calendar): number { return 1; }
}
export const app = nativeApp({ name: 'calendar', services: [CalendarService] });
`;

type Schemas = Record<string, { properties?: Record<string, Json> }>;

describe('generate-swagger on a tagged alias given to a generic alias', () => {
  let project: ReturnType<typeof sourceProject>;
  let generation: Generation;
  let schemas: Schemas;
  beforeAll(async () => {
    project = sourceProject(SERVICE);
    generation = await generateDocument({
      project: project.tsconfig,
      title: 'Calendar',
      version: '1',
      openapi: '3.1',
      contract: { file: `${project.tsconfig}.contract`, command: 'g' },
    });
    schemas = (generation.document.components as { schemas: Schemas }).schemas;
  });
  afterAll(() => project.remove());

  it("carries the tags through an alias of another generic to that generic's members", () => {
    expect(schemas.Boxed_Day?.properties?.value).toEqual({ type: 'string', format: 'date' });
    expect(schemas.Labelled_Day?.properties).toMatchObject({
      value: { type: 'string', format: 'date' },
      also: { type: 'string', format: 'date' },
    });
  });

  it('warns, naming the alias and the line, where an alias built from types takes them nowhere', () => {
    const lost = generation.diagnostics
      .filter((d) => d.message.includes('through a type argument'))
      .map((d) => `${d.location?.line}: ${d.message.replace(/ reach it .*$/, '')}`);
    expect(lost).toEqual([
      '16: Calendar.maybe: the JSDoc tags of type alias Day',
      '17: Calendar.list: the JSDoc tags of type alias Day',
      '18: Calendar.dict: the JSDoc tags of type alias Day',
      '19: Calendar.either: the JSDoc tags of type alias Day',
      '20: Calendar.maybeBox: the JSDoc tags of type alias Day',
    ]);
    // Named as before, not after an argument whose tags they do not carry.
    expect(Object.keys(schemas).filter((name) => name.endsWith('_Day'))).toEqual([
      'Boxed_Day',
      'Labelled_Day',
    ]);
  });
});
