import { existsSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../src/swagger/cli/cli';
import { generateDocument } from '../../src/swagger/cli/generate';
import { captureIo, otherThanBinding, sourceProject } from './support';

const SERVICE = `import { Api, ApiOperation, RemoteService } from 'portico';
/** @format date */
export type Day = string;
export interface Tree<T> { value: T; kids: Tree<T>[]; parent?: Tree<T> | null }
export interface Grow<T> { value: T; next?: Grow<T[]> }
export type Nest<T> = { value: T; next?: Nest<{ inner: T }> };
export interface Ping<T> { pong?: Pong<T[]> }
export interface Pong<T> { ping?: Ping<T> }
export interface Call<T> { value: T; next?: Call<() => T> }
export interface Back<T> { value: T; back?: Back<(given: T) => void> }
export interface Holder { HOLDS }
@Api() @RemoteService('s')
export class S {
  @ApiOperation('Holds') hold(holder: Holder): number { return 1; }
}
`;

/** The document and findings of a project whose `Holder` holds `fields`. */
async function generate(fields: string) {
  const project = sourceProject(SERVICE.replace('HOLDS', fields));
  try {
    const options = {
      project: project.tsconfig,
      title: 'T',
      version: '1',
      openapi: '3.1' as const,
      microservice: 'm',
    };
    const generation = await generateDocument(options);
    const doc = generation.document as { components: { schemas: Record<string, unknown> } };
    return {
      schemas: doc.components.schemas,
      diagnostics: otherThanBinding(generation.diagnostics),
    };
  } finally {
    project.remove();
  }
}

describe('generate-swagger on generics that refer to themselves', () => {
  it('describes a plain recursive generic as one schema that refers to itself', async () => {
    const { schemas, diagnostics } = await generate('plain: Tree<string>; days: Tree<Day>');
    expect(diagnostics).toEqual([]);
    const self = { $ref: '#/components/schemas/Tree_String' };
    expect(schemas.Tree_String).toMatchObject({
      properties: {
        kids: { type: 'array', items: self },
        parent: { anyOf: [self, { type: 'null' }] },
      },
    });
    expect(schemas.Tree_Day).toMatchObject({
      properties: {
        value: { type: 'string', format: 'date' },
        kids: { items: { $ref: '#/components/schemas/Tree_Day' } },
      },
    });
  });

  it.each([
    ['an array', 'g: Grow<string>', 'Grow<string>', 5],
    ['an anonymous object', 'n: Nest<number>', 'Nest<number>', 6],
    ['another generic that refers back', 'p: Ping<string>', 'Ping<string>', 8],
    ["a function type's result", 'c: Call<string>', 'Call<string>', 9],
    ["a function type's parameter", 'b: Back<Day>', 'Back<string>', 10],
  ])(
    'ends with an error at file:line on a type argument growing through %s',
    async (_, fields, outer, line) => {
      const found = await generate(fields);
      // A function given as the argument is a member no document describes: a warning of its own.
      const diagnostics = found.diagnostics.filter(
        (d) => !d.message.includes('which is a function'),
      );
      expect(diagnostics).toEqual([
        expect.objectContaining({
          severity: 'error',
          message: expect.stringContaining(
            'a generic that instantiates itself with a growing type argument',
          ),
          location: expect.objectContaining({ file: expect.stringMatching(/service\.ts$/), line }),
        }),
      ]);
      expect(diagnostics[0]!.message).toContain(`(\`${outer}\`, `);
    },
  );

  it('fails the command and writes nothing', async () => {
    const project = sourceProject(SERVICE.replace('HOLDS', 'g: Grow<Day>'));
    const out = path.join(path.dirname(project.tsconfig), 'swagger.json');
    const io = captureIo();
    try {
      const args = [
        '--project',
        project.tsconfig,
        '--title',
        'T',
        '--api-version',
        '1',
        '--microservice',
        'm',
      ];
      expect(await main([...args, '--out', out], io)).toBe(1);
      expect(io.err()).toMatch(
        /service\.ts:5\b.*Grow_Array_Day\.next has type `Grow<string\[\]\[\]>`/,
      );
      expect(io.err()).toContain('1 error(s); nothing written');
      expect(existsSync(out)).toBe(false);
    } finally {
      project.remove();
    }
  });
});
