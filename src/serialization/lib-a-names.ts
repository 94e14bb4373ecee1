import { aliasOf } from '../decorators/metadata';
import { type Class, type SetValue, type TypeRef } from '../decorators/types';

/**
 * The libA names of an enum's values: `string`, and `int` for numbers that are all integers or
 * `double` where one is not, `boolean` for `true` and `false`, in the order the values first need
 * them. The document names an enum the same way (its JSON type), so that a name never depends on
 * which value is sent.
 */
function enumNames(values: readonly SetValue[]): readonly string[] {
  let found = namesOfEnums.get(values);
  if (!found) {
    const numbers = values.filter((v) => typeof v === 'number');
    const numberName = numbers.every(Number.isInteger) ? 'int' : 'double';
    const nameOf = (v: SetValue) => (typeof v === 'number' ? numberName : typeof v);
    found = [...new Set(values.map(nameOf))];
    namesOfEnums.set(values, found);
  }
  return found;
}

const namesOfEnums = new WeakMap<readonly SetValue[], readonly string[]>();

/** A set of values of several JSON types names each value by its own; any other by its values'. */
function enumName(value: unknown, values: readonly SetValue[]): string {
  const names = enumNames(values);
  if (names.length === 1 || value === undefined) return names[0] as string;
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  return names.find((n) => n === 'int' || n === 'double') as string;
}

/** The name of a value that has no declared type: a JS number that is an integer is `int`. */
function nameOfValue(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) return `${nameOfValue(value[0])}-array`;
  if (typeof value === 'object' && value !== null && value.constructor !== Object) {
    return value.constructor ? aliasOf(value.constructor as Class) : 'object';
  }
  return 'object';
}

/**
 * The libA wire name (XML root element, JSON wrapper) of a value of a declared type: `int`,
 * `double`, `string`, `boolean`, `date`, a class's alias, `<item name>-array`. The declared type
 * alone decides it (docs/design.md §3: names map to types only through declared types), so a
 * `number` is `double` even when its value is `2`, and what a server writes, it reads back. Only a value
 * without a declared type is named by what it is.
 */
export function libAName(value: unknown, type: TypeRef | undefined): string {
  switch (type?.kind) {
    case 'int':
      return 'int';
    case 'number':
      return 'double';
    case 'string':
    case 'boolean':
    case 'date':
      return type.kind;
    case 'class':
      return aliasOf(type.ctor);
    case 'enum':
      return enumName(value, type.values);
    case 'array':
      return `${libAName(undefined, type.items)}-array`;
    case 'union':
      // Its members may be of several classes: named as a value without a class, one name always.
      return 'object';
    case 'nullable':
      return libAName(value, type.of);
    case 'record':
      // A record is a value without a class, whose items may differ: libA's names of such values.
      return 'object';
    case 'tuple':
      return 'object-array';
    default:
      return nameOfValue(value);
  }
}

/**
 * The root or wrapper names libA reads for a declared type: the name {@link libAName} writes,
 * a class's own name beside its alias (also inside an array's name), and each JSON type's name
 * for an enum that mixes strings and numbers.
 */
export function acceptedNames(type: TypeRef): readonly string[] {
  if (type === last.type) return last.names;
  let found = namesRead.get(type);
  if (!found) {
    found = namesReadOf(type);
    namesRead.set(type, found);
  }
  last.type = type;
  last.names = found;
  return found;
}

// Declared types are made once, when a class is defined: their names are worked out once too.
const namesRead = new WeakMap<TypeRef, readonly string[]>();
/**
 * The type asked last and its names: a run of calls to one method skips the `WeakMap`'s lookup
 * (docs/history/performance-log.md, "libA XML against ROA JSON").
 */
const last: { type: TypeRef | undefined; names: readonly string[] } = {
  type: undefined,
  names: [],
};

function namesReadOf(type: TypeRef): readonly string[] {
  switch (type.kind) {
    case 'class': {
      const alias = aliasOf(type.ctor);
      return alias === type.ctor.name ? [alias] : [alias, type.ctor.name];
    }
    case 'enum':
      return enumNames(type.values);
    case 'array':
      return acceptedNames(type.items).map((name) => `${name}-array`);
    case 'nullable':
      return acceptedNames(type.of);
    default:
      return [libAName(undefined, type)];
  }
}
