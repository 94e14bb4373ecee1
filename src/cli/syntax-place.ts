import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where Node says a syntax error is: the file and line it decorates the error with, and the column of its `^`. */
export interface SyntaxPlace {
  readonly file: string;
  readonly line: string;
  readonly column: number;
}

/**
 * The place in a text that Node decorates a SyntaxError with: a line `<file>:<line>` (a path or a
 * file: URL, never Node's own `node:` code), the source line, a line of blanks and `^` under the
 * token (tabs kept, so the column counts characters), a blank line and the SyntaxError. Read line
 * by line, once.
 */
export function decoratedPlace(text: string): SyntaxPlace | undefined {
  const lines = text.split('\n');
  for (let i = 0; i + 4 < lines.length; i++) {
    const match = /^((?:file:\/\/|\/|[A-Za-z]:[\\/]).*):(\d+)$/.exec(lines[i] ?? '');
    const arrow = /^[ \t]*\^/.exec(lines[i + 2] ?? '');
    if (match && arrow && lines[i + 3] === '' && lines[i + 4]?.startsWith('SyntaxError')) {
      const [, file = '', line = ''] = match;
      return { file, line, column: arrow[0].length };
    }
  }
  return undefined;
}

/**
 * Where the syntax error is that stopped the ES module `file` (or a module it imports) from
 * loading. Node names it only when such an error ends a process, so a process of its own imports
 * the module after one that exits: every module is parsed before any runs, so none of the user's
 * runs. `undefined` when that process finds no syntax error (one in a module imported while the
 * code runs) or says nothing Node's way.
 */
export function findSyntaxPlace(file: string): SyntaxPlace | undefined {
  const entry = `import 'data:text/javascript,process.exit(0)'; import ${JSON.stringify(pathToFileURL(file).href)};`;
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', entry], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 10_000,
    maxBuffer: 1 << 20,
  });
  return child.status === 0 ? undefined : decoratedPlace(child.stderr ?? '');
}

const FOUND = new WeakMap<object, SyntaxPlace>();

/**
 * Finds, once, where the SyntaxError that loading `file` raised is, when Node's error does not
 * say (an ES module's does not); {@link syntaxWhere} then reads it.
 */
export function locateSyntaxError(error: unknown, file: string): void {
  if (!(error instanceof SyntaxError) || decoratedPlace(error.stack ?? '') !== undefined) return;
  const place = findSyntaxPlace(file);
  if (place !== undefined) FOUND.set(error, place);
}

/** `file:line:column` of a SyntaxError, the file relative to the working folder; else `undefined`. */
export function syntaxWhere(error: unknown): string | undefined {
  if (!(error instanceof SyntaxError)) return undefined;
  const place = FOUND.get(error) ?? decoratedPlace(error.stack ?? '');
  if (place === undefined) return undefined;
  const file = place.file.startsWith('file://') ? fileURLToPath(place.file) : place.file;
  return `${path.relative(process.cwd(), file)}:${place.line}:${place.column}`;
}
