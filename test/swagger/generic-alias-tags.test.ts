import { type Json } from '../../src/swagger/build/dialect';
import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { sourceProject } from './support';

const SERVICE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';

/** @format date */
export type Day = string;
/** @maxLength 4 */
export type Code = string;
export interface Box<T> { value: T; }
export interface Base<U> { inherited: U; }
export interface Pair<A, B> extends Base<B> { a: A; b: B; }
export type Twice<T> = [T, T];
export interface Mixed<T> {
  either: T | number;
  part: Partial<Box<T>>;
  twice: Twice<T>;
  kept: T[];
}

@Api()
@RemoteService('mixed')
export class MixedService {
  @ApiOperation('Mixes')
  mix(input: Mixed<Day>): Box<Day> | Box<string> {
    return { value: input.kept[0] ?? '' };
  }

  @ApiOperation('Pairs')
  pair(input: Pair<Day, Code>): Pair<string, Day> {
    return { a: input.a, b: input.a, inherited: input.a };
  }

  @ApiOperation('Dates')
  async when(input: Box<Code>): Promise<Day> {
    return input.value;
  }
}

export const app = nativeApp({ name: 'mixed', services: [MixedService] });
`;

type Schemas = Record<string, { properties: Record<string, Json> }>;

/** JSDoc tags of a type alias given to a generic as a type argument (`Pair<Day, Code>`). */
describe('generate-swagger on aliases in type arguments', () => {
  let project: ReturnType<typeof sourceProject>;
  const generate = (options: { strict?: boolean; contract?: boolean } = {}) =>
    generateDocument({
      project: project.tsconfig,
      title: 'Mixed',
      version: '1.0.0',
      openapi: '3.1',
      ...(options.strict ? { strict: true } : {}),
      ...(options.contract
        ? { contract: { file: `${project.tsconfig}.contract`, command: 'g' } }
        : {}),
    });
  let generation: Generation;
  let schemas: Schemas;
  beforeAll(async () => {
    project = sourceProject(SERVICE);
    generation = await generate({ contract: true });
    schemas = (generation.document.components as { schemas: Schemas }).schemas;
  });
  afterAll(() => project.remove());

  it('gives each argument its own tags, also through an extends clause and a generic alias', () => {
    expect(schemas.Pair_Day_Code?.properties).toEqual({
      a: { type: 'string', format: 'date' },
      b: { type: 'string', maxLength: 4 },
      inherited: { type: 'string', maxLength: 4 },
    });
    expect(schemas.Pair_String_Day?.properties).toEqual({
      a: { type: 'string' },
      b: { type: 'string', format: 'date' },
      inherited: { type: 'string', format: 'date' },
    });
    expect(schemas.Mixed_Day?.properties).toMatchObject({
      kept: { items: { type: 'string', format: 'date' } },
      twice: { prefixItems: [{ format: 'date' }, { format: 'date' }] },
    });
  });

  it('reads the tags of an awaited result and of a parameter', () => {
    const paths = generation.document.paths as Record<string, { post: Json }>;
    const when = paths['/mixed/mixed/when']?.post as any;
    expect(Object.keys(paths)).toContain('/mixed/mixed/when');
    const { anyOf } = when.responses['200'].content['application/json'].schema;
    // The bare value, and libA JSON's wrapper of it.
    expect(anyOf[0]).toMatchObject({ type: 'string', format: 'date' });
    expect(anyOf[1].properties.string).toMatchObject({ type: 'string', format: 'date' });
    expect(schemas.Box_Code?.properties.value).toEqual({ type: 'string', maxLength: 4 });
  });

  it('warns, naming the alias and the line, where a type argument takes its tags nowhere', () => {
    const lost = generation.diagnostics
      .filter((d) => /through a type argument|one generic given different/.test(d.message))
      .map(
        (d) => `${d.location?.line}: ${d.message.replace(/(, in a place| are left out).*$/, '')}`,
      );
    expect(lost).toEqual([
      '13: Mixed_Day.either: the JSDoc tags of type alias Day reach it through a type argument',
      '14: Mixed_Day.part: the JSDoc tags of type alias Day reach it through a type argument',
      '23: mixed.mix(): Box<Day> and Box<string> are one type to TypeScript, Box<string>, which one schema describes (one generic given different arguments in one type), so the JSDoc tags of type alias Day',
    ]);
    expect(schemas.Mixed_Day?.properties.either).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    });
  });

  it('fails under --strict where tags are left out', async () => {
    const strict = await generate({ strict: true, contract: true });
    const lost = strict.diagnostics.filter((d) =>
      /through a type argument|one generic given different/.test(d.message),
    );
    expect(lost).toHaveLength(3);
    expect(lost.every((d) => d.severity === 'error')).toBe(true);
  });
});
