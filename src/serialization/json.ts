import { describeValue } from './binding';
import { bindJson, type JsonBindOptions } from './json-bind';
import { checkJsonText } from './json-check';
import { checkJsonSurrogates } from './json-surrogates';
import { writeJson } from './json-writer';
import { acceptedNames, libAName } from './lib-a-names';
import { BindError, type BindOptions, type SequenceSerializer } from './sequence';

/**
 * Parses JSON text into plain values, with the depth limit, refusing a key given twice in one
 * object and a surrogate alone; `wrapped` for libA, whose root object only wraps the value.
 */
export function parseJson(text: string, options: BindOptions, wrapped = false): unknown {
  checkJsonText(text, { maxDepth: options.maxDepth, wrapped });
  checkJsonSurrogates(text);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BindError(`not valid JSON: ${(error as Error).message}`, '', 'MALFORMED_BODY');
  }
}

const withStrings = new WeakMap<BindOptions, JsonBindOptions>();
const withoutStrings = new WeakMap<BindOptions, JsonBindOptions>();

/** `options` with `numericStrings`, made once per options object instead of once per argument. */
function jsonOptions(options: BindOptions, numericStrings: boolean): JsonBindOptions {
  const cache = numericStrings ? withStrings : withoutStrings;
  let found = cache.get(options);
  if (!found) {
    found = { ...options, numericStrings };
    cache.set(options, found);
  }
  return found;
}

/** libB JSON: the plain value both ways. */
export const libBJsonSerializer: SequenceSerializer = {
  format: 'json',
  readArgument(text, type, options) {
    const at = { path: '', options: jsonOptions(options, false) };
    return bindJson(parseJson(text, options), type, at);
  },
  writeResult(value, type) {
    return writeJson(value, type);
  },
};

/** libA JSON: every value wrapped in its type's name, `{"mulInput":{"a":2,"b":3}}`. */
export const libAJsonSerializer: SequenceSerializer = {
  format: 'json',
  readArgument(text, type, options) {
    const parsed = parseJson(text, options, true);
    const accepted = acceptedNames(type);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new BindError(`expected {"${accepted[0]}": …}, got ${describeValue(parsed)}`);
    }
    const keys = Object.keys(parsed);
    const key = keys[0];
    if (keys.length !== 1 || key === undefined || !accepted.includes(key)) {
      throw new BindError(
        `expected one wrapper named ${accepted.map((n) => `"${n}"`).join(' or ')}`,
      );
    }
    const inner = (parsed as Record<string, unknown>)[key];
    return bindJson(inner, type, { path: '', options: jsonOptions(options, true) });
  },
  writeResult(value, type) {
    return `{${JSON.stringify(libAName(value, type))}:${writeJson(value, type)}}`;
  },
};
