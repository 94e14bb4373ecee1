import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The rooms of src, from the top down: a file imports only from its own room or rooms below. */
const ROOMS = [
  'index',
  'client',
  'cli',
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
];

const SRC = path.resolve(__dirname, '../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/** The room of a file: its first folder under src, or its own name for a file at the top. */
function roomOf(file: string): string {
  const [first = ''] = path.relative(SRC, file).split(path.sep);
  return first.replace(/\.ts$/, '');
}

describe('the rooms of src', () => {
  it('every file is in a known room', () => {
    const unknown = filesUnder(SRC).filter((file) => !ROOMS.includes(roomOf(file)));
    expect(unknown).toEqual([]);
  });

  it('imports point down, never up', () => {
    const upward: string[] = [];
    for (const file of filesUnder(SRC)) {
      const source = readFileSync(file, 'utf8');
      for (const [, target = ''] of source.matchAll(/(?:from|require\()\s*'(\.{1,2}\/[^']+)'/g)) {
        const imported = roomOf(path.resolve(path.dirname(file), target));
        if (ROOMS.indexOf(imported) < ROOMS.indexOf(roomOf(file))) {
          upward.push(`${path.relative(SRC, file)} → ${target}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });
});
