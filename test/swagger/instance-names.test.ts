import { type Json } from '../../src/swagger/build/dialect';
import { generateDocument } from '../../src/swagger/cli/generate';
import { sourceProject } from './support';

const BOX = `
/** @format date */
export type Day = string;
export interface Box<T> { value: T; }
`;
const OTHER = `export interface Day { hour: number; }
`;
const SERVICE = (name: string, argument: string, imports: string) => `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
${imports}
@Api()
@RemoteService('${name}')
export class ${name}Service {
  @ApiOperation('Takes') take(input: ${argument}): number { return 1; }
}
export const app = nativeApp({ name: '${name}', services: [${name}Service] });
`;
const LITERALS = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
import { Box } from './box';
@Api()
@RemoteService('literal')
export class LiteralService {
  @ApiOperation('Takes') one(input: Box<{ d: string }>): number { return 1; }
  @ApiOperation('Takes') two(input: Box<{ d?: string; e: { f: number } }>): number { return 1; }
}
export const app = nativeApp({ name: 'literal', services: [LiteralService] });
`;
const FILES = {
  'literals.ts': LITERALS,
  'box.ts': BOX,
  'other.ts': OTHER,
  'tagged.ts': SERVICE('tagged', 'Box<Day>', "import { Box, Day } from './box';"),
  'plain.ts': SERVICE(
    'plain',
    'Box<other.Day>',
    "import { Box } from './box';\nimport * as other from './other';",
  ),
};

type Schemas = Record<string, { properties: Record<string, Json> }>;

/** The schemas of the project, with its files met in `order`. */
async function schemasIn(order: readonly string[]): Promise<Schemas> {
  const project = sourceProject('export {};', FILES, order);
  try {
    const generation = await generateDocument({
      project: project.tsconfig,
      title: 'Names',
      version: '1.0.0',
      openapi: '3.1',
    });
    return (generation.document.components as { schemas: Schemas }).schemas;
  } finally {
    project.remove();
  }
}

/** Schema names of generic instantiations whose arguments are spelled alike. */
describe('generate-swagger on instantiations named alike', () => {
  it("names them after their modules and their literals' members, whatever order the files are met in", async () => {
    const first = await schemasIn(['box.ts', 'other.ts', 'tagged.ts', 'plain.ts', 'literals.ts']);
    const second = await schemasIn(['literals.ts', 'plain.ts', 'tagged.ts', 'other.ts', 'box.ts']);
    expect(first).toEqual(second);
    expect(first['Box_box.Day']?.properties).toEqual({
      value: { type: 'string', format: 'date' },
    });
    expect(first['Box_other.Day']?.properties).toEqual({
      value: { $ref: '#/components/schemas/Day' },
    });
    expect(Object.keys(first).filter((n) => n.startsWith('Box'))).toEqual([
      'Box_Object_d_Optional_String_e_Object_f_Number',
      'Box_Object_d_String',
      'Box_box.Day',
      'Box_other.Day',
    ]);
  });
});
