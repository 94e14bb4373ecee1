import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The rooms of `src/`, top to bottom: a room may import only itself and the rooms below it. A
 * root file is a room of its own, named without its extension.
 */
const ORDER = [
  'index',
  'cli',
  'client',
  'swagger',
  'server',
  'entry-point',
  'http',
  'replica',
  'transport',
  'observability',
  'runtime',
  'microservices',
  'protocol',
  'serialization',
  'decorators',
  'errors',
  'peers',
];

const SRC = path.join(__dirname, '..', '..', 'src');

/** One reference of a source file to another module, as written. */
interface Reference {
  file: string;
  target: string;
}

/** Every file under `src/`, relative to it. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full)] : [];
  });
}

/** Every import, export-from, `import type`, `require` and `import()` of every source file. */
function references(): Reference[] {
  return sourceFiles().flatMap((file) => {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    return importedFiles.map(({ fileName }) => ({ file, target: fileName }));
  });
}

/** The room of a path relative to `src/`, or undefined when it is outside `src/`. */
function roomOf(relative: string): string | undefined {
  if (relative.startsWith('..')) return undefined;
  const first = relative.split(path.sep)[0] as string;
  return first.replace(/\.ts$/, '');
}

/** The room a relative reference lands in, or undefined for a package. */
function targetRoom({ file, target }: Reference): string | undefined {
  if (!target.startsWith('.')) return undefined;
  return roomOf(path.relative(SRC, path.join(SRC, path.dirname(file), target)));
}

/** The references that land in a room above their own, as `file → target`. */
function upwards(list: Reference[]): string[] {
  return list.flatMap((reference) => {
    const from = roomOf(reference.file) as string;
    const to = targetRoom(reference);
    if (to === undefined || to === from) return [];
    const above = ORDER.indexOf(to) < ORDER.indexOf(from) || !ORDER.includes(to);
    return above ? [`${reference.file} → ${reference.target}`] : [];
  });
}

/** The files that reference `pkg` (or one of its subpaths). */
function importersOf(pkg: string): string[] {
  const hits = references().filter(({ target }) => target === pkg || target.startsWith(`${pkg}/`));
  return [...new Set(hits.map(({ file }) => file.split(path.sep).join('/')))].sort();
}

describe('the layout of src/', () => {
  it('is told in CONTRIBUTING.md, room by room, in this order', () => {
    const guide = readFileSync(path.join(SRC, '..', 'CONTRIBUTING.md'), 'utf8');
    const section = guide.split('\n## Where the code lives\n')[1]?.split(/\n#{1,3} /)[0] ?? '';
    const told = [...section.matchAll(/^- `([\w-]+)(?:\/|\.ts)`:/gm)].map((match) => match[1]);
    expect(told).toEqual(ORDER);
  });

  it('has every room in the order', () => {
    const rooms = new Set(sourceFiles().map((file) => roomOf(file) as string));
    expect([...rooms].filter((room) => !ORDER.includes(room))).toEqual([]);
  });

  it('imports only downwards: no room imports a room above it, type-only imports included', () => {
    expect(upwards(references())).toEqual([]);
  });

  it('tells an upward import from a downward one', () => {
    const file = path.join('transport', 'nats', 'request-reply.ts');
    expect(upwards([{ file, target: '../../server/config' }])).toHaveLength(1);
    expect(upwards([{ file, target: '../../protocol/codec' }])).toEqual([]);
    expect(upwards([{ file, target: './request-mux' }])).toEqual([]);
    expect(upwards([{ file: 'errors.ts', target: './microservices' }])).toHaveLength(1);
  });

  it('loads the TypeScript compiler only in swagger/', () => {
    const importers = [...importersOf('ts-morph'), ...importersOf('typescript')];
    expect(importers.filter((file) => !file.startsWith('swagger/'))).toEqual([]);
    expect(importers.length).toBeGreaterThan(0);
  });

  it('loads the NATS client only in transport/nats/ and replica/', () => {
    const importers = importersOf('nats');
    const outside = importers.filter(
      (file) => !file.startsWith('transport/nats/') && !file.startsWith('replica/'),
    );
    expect(outside).toEqual([]);
    expect(importers.length).toBeGreaterThan(0);
  });
});
