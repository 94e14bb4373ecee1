import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** portico's own compiled code: an error raised in it says what to do, and needs no location. */
const OWN_CODE = path.resolve(__dirname, '..') + path.sep;

/**
 * Where the user's code raised `error` while a module loaded, as `file:line` relative to the
 * working folder: the line a SyntaxError names, else the first frame of the stack outside Node's
 * internals and installed packages. `undefined` when portico raised it, or no frame says.
 */
export function whereRaised(error: unknown): string | undefined {
  const stack = (error as { stack?: unknown } | null)?.stack;
  if (typeof stack !== 'string') return undefined;
  const [first = '', ...rest] = stack.split('\n');
  const frames = [first, ...rest.filter((line) => /^\s+at /.test(line))];
  for (const frame of frames) {
    const place = placeOf(frame);
    if (place === undefined) continue;
    if (place.file.startsWith(OWN_CODE)) return undefined;
    if (place.file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    return `${path.relative(process.cwd(), place.file)}:${place.line}`;
  }
  return undefined;
}

/** The file and line of one stack line (`at f (/a/b.js:2:7)`, `at file:///a/b.mjs:2:7`, `/a/b.js:1`). */
function placeOf(frame: string): { file: string; line: string } | undefined {
  const text = frame.trim().replace(/^at /, '');
  const inner = text.endsWith(')') ? text.slice(text.lastIndexOf('(') + 1, -1) : text;
  const match = /^(.+?):(\d+)(?::\d+)?$/.exec(inner);
  if (!match) return undefined;
  const [, where = '', line = ''] = match;
  const file = where.startsWith('file://') ? fileURLToPath(where) : where;
  return path.isAbsolute(file) ? { file, line } : undefined;
}
