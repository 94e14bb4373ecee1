import { joinPath } from './binding';
import { BindError } from './sequence';

/** One open object or array while a JSON text is checked. */
interface Level {
  readonly object: boolean;
  /** The keys of an object so far, made at its first key: a list while short, then a Set. */
  keys?: string[] | Set<string>;
  /** The key or index of the member being read, for the path of an error. */
  at: string | number;
}

/** Options of {@link checkJsonText}. */
export interface JsonCheckOptions {
  readonly maxDepth: number;
  /** The root object is a wrapper (libA): paths start inside it, as XML paths start at the root. */
  readonly wrapped?: boolean;
}

/**
 * Checks JSON text before it is parsed, in one pass that builds nothing: nesting deeper than
 * `maxDepth` is a `LIMIT_EXCEEDED`, and a key given twice in one object is a 400 naming the field,
 * as XML refuses a field given twice (`JSON.parse` would keep the last one silently). Text that is
 * not JSON is left to `JSON.parse` to refuse.
 */
export function checkJsonText(text: string, options: JsonCheckOptions): void {
  // Every level opens with a character of its own: a text this short cannot nest too deep.
  if (text.length <= options.maxDepth && !text.includes('{')) return;
  const stack: Level[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (expectKey && top?.object) addKey(stack, keyOf(text, i, end), options);
      expectKey = false;
      i = end - 1;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length === options.maxDepth) {
        throw new BindError(`nesting deeper than ${options.maxDepth}`, '', 'LIMIT_EXCEEDED');
      }
      stack.push({ object: c === 0x7b, at: 0 });
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      const top = stack.at(-1);
      if (top?.object) expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
    }
  }
}

/** The offset after the string whose opening quote is at `start` (the end, if it is not closed). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}

/** The key a string stands for: its escapes decoded, so that `"a"` and `"\u0061"` are one key. */
function keyOf(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(start, end)) as string;
  } catch {
    return raw;
  }
}

/** Keys an object keeps in a list before a Set: a list is cheaper to make, and short. */
const LISTED_KEYS = 8;

function addKey(stack: Level[], key: string, options: JsonCheckOptions): void {
  const top = stack.at(-1) as Level;
  top.keys ??= [];
  const keys = top.keys;
  if (Array.isArray(keys) ? keys.includes(key) : keys.has(key)) {
    if (options.wrapped && stack.length === 1) {
      throw new BindError(`the wrapper ${JSON.stringify(key)} is given twice`);
    }
    let path = '';
    for (let k = options.wrapped ? 1 : 0; k < stack.length - 1; k++) {
      path = joinPath(path, (stack[k] as Level).at);
    }
    throw new BindError('field is given twice', joinPath(path, key));
  }
  if (!Array.isArray(keys)) keys.add(key);
  else if (keys.length < LISTED_KEYS) keys.push(key);
  else top.keys = new Set([...keys, key]);
  top.at = key;
}
