import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CONTRACT_FILE } from '../../src/runtime/contract/contract-format';
import { generateDocument } from '../../src/swagger/cli/generate';
import { porticoTypes } from '../support/portico-types';

/** Plain TypeScript types, with bare decorators or none: what the contract makes the runtime bind. */
export const SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
export type Genre = 'fiction' | 'poetry';
/** @format date */
export type Day = string;
export type Span = [Day, Day?];
export interface Contact {
  name: string;
  /** @format email */
  email?: string;
  phone: string | null;
  /** @format int32 */
  visits?: number;
  days?: Day[];
  since?: Day | null;
  dated?: Record<string, Day>;
  window?: Span;
  trail?: [string, ...Day[]];
}
export class Entity { @Field() readonly id!: string; }
export class Version {
  major = 1;
  minor = 0;
  get label(): string { return \`\${this.major}.\${this.minor}\`; }
}
export class Book extends Entity {
  @Field() title!: string;
  @Field() middleName?: string;
  @Field() genre!: Genre;
  @Field() subtitle!: string | null;
  @Field() tags!: string[];
}
export class Page<T> { @Field() items!: T[]; @Field() total!: number; }
/** @minLength 3 */
export type Code = string;
export interface Box<T> { value: T; }
export interface Dated<T> {
  first: T;
  all?: T[];
  next?: T | null;
  byName?: Record<string, T>;
  pair?: [T, T?];
  boxed?: Box<T>;
  /** @minLength 1 */
  own?: T;
}
export interface Greeting { text: string; }
@Api() @RemoteService('books') export class BookService {
  @ApiOperation('Saves a book') save(book: Book): Book { return book; }
  @ApiOperation('Patches a contact') patch(contact: Partial<Contact>): Pick<Contact, 'name'> {
    return { name: contact.name ?? 'nobody' };
  }
  @ApiOperation('Adds a contact') add(contact: Contact): Contact { return contact; }
  @ApiOperation('Lists books') list(genre: Genre): Page<Book> {
    return { items: [], total: genre === 'poetry' ? 1 : 0 };
  }
  @ApiOperation('Bumps a version') bump(version: Version): Version {
    version.minor += 1;
    return version;
  }
  @ApiOperation('Plans days') plan(days: Dated<Day>): Dated<Day> {
    return days.first === '2000-01-01' ? { first: 'soon' } : days;
  }
  @ApiOperation('Counts days') count(page: Page<Day>): number { return page.items.length; }
  @ApiOperation('Files codes') async file(codes: Dated<Code>): Promise<Box<Code>> {
    return { value: codes.own ?? codes.first };
  }
  @ApiOperation('Greets') async greet(text: string): Promise<Greeting> {
    return (text === 'wrong' ? { text: 42 } : { text }) as Greeting;
  }
}
export default nativeApp({ name: 'shelf', services: [BookService] });
`;

const OPTIONS = {
  target: 'ES2022',
  module: 'commonjs',
  strict: true,
  types: [],
  skipLibCheck: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  rootDir: '.',
  outDir: 'dist',
  paths: { portico: [porticoTypes()] },
};

/** A project's files: `service.ts` alone, or several, of which `service.ts` deploys the app. */
export type ProjectSources = string | Readonly<Record<string, string>>;

/**
 * The files outside the project, parsed once for every project a test file compiles: the
 * TypeScript lib files and portico's declarations, the same for each (every project has the
 * same options but `types`, which decides which files are read, not how). A program only reads
 * a source file it is given, so sharing them is what TypeScript's language service does too.
 */
const outside = new Map<string, ts.SourceFile | undefined>();

function sharedHost(options: ts.CompilerOptions, dir: string): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    if (name.startsWith(`${dir}${path.sep}`)) return read(name, language, ...rest);
    if (!outside.has(name)) outside.set(name, read(name, language, ...rest));
    return outside.get(name);
  };
  return host;
}

/**
 * Writes the project's files and tsconfig.json into `dir` and compiles them to `dir/dist` (only
 * the project's own modules: portico's sources are reached through `paths`, not built here).
 * `nodeTypes` lets the project use Node's globals (`EventTarget`), at the cost of a larger program.
 */
function writeAndCompile(dir: string, source: ProjectSources, nodeTypes = false): void {
  const files = typeof source === 'string' ? { 'service.ts': source } : source;
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const { types: _, ...withNodeTypes } = OPTIONS;
  const config = {
    compilerOptions: nodeTypes ? withNodeTypes : OPTIONS,
    include: Object.keys(files),
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  const program = ts.createProgram(
    parsed.fileNames,
    parsed.options,
    sharedHost(parsed.options, dir),
  );
  for (const name of Object.keys(files)) {
    expect(program.emit(program.getSourceFile(path.join(dir, name))).emitSkipped).toBe(false);
  }
}

/**
 * Generates the document (OpenAPI 3.1) and the contract of the project in `dir`, and writes the
 * contract, as generate-swagger does whatever it found.
 */
export async function generateContract(dir: string) {
  const file = path.join(dir, 'dist', CONTRACT_FILE);
  const generation = await generateDocument({
    project: path.join(dir, 'tsconfig.json'),
    title: 'Shelf',
    version: '1',
    openapi: '3.1',
    contract: { file, command: 'npx generate-swagger --contract dist/portico-contract.json' },
  });
  writeFileSync(file, generation.contractText ?? '');
  return generation;
}

/** {@link generateContract}, for a project in which the build finds no error. */
export async function writeContract(dir: string) {
  const generation = await generateContract(dir);
  expect(generation.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return generation;
}

/** Writes `source` as the project in `dir`, compiles it to `dir/dist` and writes its contract. */
export async function buildContractProject(
  dir: string,
  source: ProjectSources,
  options: { nodeTypes?: boolean } = {},
) {
  writeAndCompile(dir, source, options.nodeTypes);
  const generation = await writeContract(dir);
  return { module: path.join(dir, 'dist', 'service.js'), generation };
}

/** Lets the compiled modules of the project in `dir` find `portico`, as an installed project would. */
function linkPortico(dir: string): void {
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(path.resolve(__dirname, '../..'), path.join(dir, 'node_modules', 'portico'), 'dir');
}

/**
 * Builds the project of {@link SOURCE} in `dir`; its compiled module finds `portico` through
 * `dir/node_modules`, as an installed project would.
 */
export async function buildTypesProject(dir: string) {
  const built = await buildContractProject(dir, SOURCE);
  linkPortico(dir);
  return built;
}

/**
 * {@link buildTypesProject} without the contract, for a test that writes it with the command
 * line; resolves to the compiled module.
 */
export function compileTypesProject(dir: string): string {
  writeAndCompile(dir, SOURCE);
  linkPortico(dir);
  return path.join(dir, 'dist', 'service.js');
}

/**
 * The errors `generate-swagger --contract` reports for `source`, as `file:line: message`; with
 * `strict`, those of `--strict` (every warning an error).
 */
export async function contractFindings(
  dir: string,
  source: string,
  options: { nodeTypes?: boolean; strict?: boolean } = {},
): Promise<string[]> {
  return (await contractGeneration(dir, source, options)).findings;
}

/**
 * {@link contractFindings}, and the generation they come from, whose contract generate-swagger
 * writes whatever it found.
 */
export async function contractGeneration(
  dir: string,
  source: string,
  options: { nodeTypes?: boolean; strict?: boolean } = {},
) {
  writeAndCompile(dir, source, options.nodeTypes);
  const generation = await generateDocument({
    project: path.join(dir, 'tsconfig.json'),
    title: 'Refused',
    version: '1',
    openapi: '3.1',
    ...(options.strict ? { strict: true } : {}),
    contract: { file: path.join(dir, 'dist', CONTRACT_FILE), command: 'generate-swagger' },
  });
  const findings = generation.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${path.relative(dir, d.location?.file ?? '')}:${d.location?.line}: ${d.message}`);
  return { findings, generation };
}
