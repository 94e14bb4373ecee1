import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Generation } from '../../src/swagger/cli/generate';
import { generateFixture, otherThanBinding } from './support';

/** One fixture file per type construct, each beside the schemas it must give. */
const CONSTRUCTS = [
  'interfaces',
  'classes',
  'type-aliases',
  'enums',
  'string-literal-unions',
  'unions',
  'intersections',
  'generics',
  'arrays-and-tuples',
  'records',
  'dates',
  'optional-fields',
  'readonly',
  'nullable',
  'nested-recursive',
  'imported',
  'integers',
  'results',
] as const;

interface Expected {
  readonly operations: Record<string, { body: unknown; responses: Record<string, unknown> }>;
  readonly definitions: Record<string, unknown>;
}

type Operation = { parameters: { in?: string; schema?: unknown }[]; responses: object };
type Swagger = { paths: Record<string, { post: Operation }>; definitions: Record<string, unknown> };

function expectedOf(construct: string): Expected {
  const file = path.join(__dirname, 'fixtures/types', `${construct}.expected.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Expected;
}

describe('generate-swagger type constructs', () => {
  let generation: Generation;
  let doc: Swagger;

  beforeAll(async () => {
    generation = await generateFixture('types', { microservice: 'fx' });
    doc = generation.document as unknown as Swagger;
  });

  it('reads every construct without a diagnostic and gives a valid document', () => {
    expect(otherThanBinding(generation.diagnostics)).toEqual([]);
    expect(generation.invalid).toBeUndefined();
  });

  it('warns, at the parameter, about every argument that is no class with @Field', () => {
    const bound = generation.diagnostics.filter((d) => !otherThanBinding([d]).length);
    const labels = bound.map((d) => d.message.replace(/\) (is|has) .*/, ')'));
    expect(labels).toContain('interfaces.echo(input) (Person)');
    expect(labels).toContain('intersections.echo(input) (NamedAndAged)');
    // A class without @Field binds nothing either (the runtime refuses it when deployed).
    expect(labels).toContain('classes.echo(input) (Account)');
    expect(bound.every((d) => d.severity === 'warning' && d.location?.line)).toBe(true);
  });

  it.each(CONSTRUCTS)('%s: the operations and schemas match the expected ones', (construct) => {
    const expected = expectedOf(construct);
    for (const [route, operation] of Object.entries(expected.operations)) {
      const post = doc.paths[route]?.post;
      expect(post?.parameters.find((p) => p.in === 'body')?.schema).toEqual(operation.body);
      const successes = Object.entries(post?.responses ?? {}).filter(([code]) => code < '300');
      expect(Object.fromEntries(successes)).toEqual(operation.responses);
    }
    for (const [name, schema] of Object.entries(expected.definitions)) {
      expect({ name, schema: doc.definitions[name] }).toEqual({ name, schema });
    }
  });

  it('gives every schema a readable name that is valid in a $ref', () => {
    const names = Object.keys(doc.definitions);
    expect(names).toContain('Page_User');
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it('takes descriptions from @ApiOperation and JSDoc, and marks @deprecated', () => {
    const start = doc.paths['/fx/results/start']!.post as Operation & Record<string, unknown>;
    expect(start.summary).toBe('Starts a job');
    expect(start.description).toBe('Starts a job.');
    expect(start.parameters[0]).toMatchObject({ name: 'input', description: 'What to run.' });
    expect(doc.paths['/fx/results/run']!.post).toMatchObject({ deprecated: true });
  });

  it('describes the same constructs as valid OpenAPI 3.1', async () => {
    const openapi = await generateFixture('types', { microservice: 'fx', openapi: '3.1' });
    expect(openapi.invalid).toBeUndefined();
    const schemas = (openapi.document.components as { schemas: Record<string, unknown> }).schemas;
    expect(schemas.Nullables).toMatchObject({
      properties: {
        text: { type: ['string', 'null'] },
        note: { anyOf: [{ $ref: '#/components/schemas/Note' }, { type: 'null' }] },
      },
    });
    expect(schemas.Collections).toMatchObject({
      properties: {
        pair: {
          type: 'array',
          prefixItems: [{ type: 'string' }, { type: 'number' }],
          items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          maxItems: 2,
        },
        head: { prefixItems: [{ type: 'string' }], items: { type: 'boolean' }, minItems: 1 },
      },
    });
    // A union that a literal member tells apart is oneOf with OpenAPI's discriminator.
    expect(schemas.Shape).toMatchObject({
      oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }],
      discriminator: {
        propertyName: 'kind',
        mapping: { circle: '#/components/schemas/Circle', square: '#/components/schemas/Square' },
      },
    });
    // Type-literal members are named after the union (or the field) and their first tag, so
    // that the mapping can point at them: a code generator has nothing to map to inline.
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(schemas.Move).toMatchObject({
      oneOf: [ref('Move_walk'), ref('Move_hop')],
      discriminator: {
        propertyName: 'kind',
        mapping: {
          walk: ref('Move_walk').$ref,
          jump: ref('Move_hop').$ref,
          hop: ref('Move_hop').$ref,
        },
      },
    });
    expect(schemas.Move_hop).toMatchObject({ properties: { height: { type: 'number' } } });
    expect((schemas.Drawing as any).properties.mark.discriminator).toEqual({
      propertyName: 'at',
      mapping: { start: ref('Drawing_mark_start').$ref, end: ref('Drawing_mark_end').$ref },
    });
    expect((schemas.Drawing as any).properties.label).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    });
    expect(Object.keys(openapi.document.paths as object)).toEqual(Object.keys(doc.paths));
  });
});
