import { FORBIDDEN_NAMES, fieldsOf } from '../decorators/metadata';
import { type Class, type TypeRef, tupleItem } from '../decorators/types';
import { libAName } from './lib-a-names';
import { writtenType } from './union-member';
import { isXmlElementName } from './xml-chars';
import { escapeXmlText } from './xml-text';

/** XML Schema's `nil`, with the declaration of its prefix. */
const NIL = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"';

/** How a family names XML elements for types. */
export type Naming = (value: unknown, type: TypeRef | undefined) => string;

/** libB names a class by its class name, and anything else as libA does. */
export const libBName: Naming = (value, type) => {
  if (type?.kind === 'class') return type.ctor.name;
  if (type?.kind === 'array') return `${libBName(undefined, type.items)}-array`;
  if (type?.kind === 'nullable') return libBName(value, type.of);
  if (type === undefined && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const ctor = value.constructor;
    return ctor && ctor !== Object && !(value instanceof Date) ? ctor.name : libAName(value, type);
  }
  return libAName(value, type);
};

/** Writes an element named `name` of `value`, whose declared type is `type` if known. */
export type XmlWriter = (name: string, value: unknown, type: TypeRef | undefined) => string;

/** An element's name with its start and end tags. */
interface Tags {
  readonly name: string;
  readonly open: string;
  readonly close: string;
}

const tagsOnce = (name: string): Tags => ({ name, open: `<${name}>`, close: `</${name}>` });

/**
 * The tags of the names that types give (fields, aliases, type names: as many as the classes
 * have), made once: an element is then two concatenations, not six
 * (docs/history/performance-log.md, "libA XML against ROA JSON"). Keys of undeclared objects are
 * not kept, and the cache has a bound.
 */
const typeTags = new Map<string, Tags>();
const MAX_TYPE_TAGS = 1024;

function tagsOf(name: string): Tags {
  const kept = typeTags.get(name);
  if (kept !== undefined) return kept;
  // A declared member or type whose name XML cannot carry (`a b`, `1st`, `x:y`): the method's
  // answer is a 500 rather than malformed XML; the build warns at the member.
  if (!isXmlElementName(name)) {
    throw new TypeError(`${JSON.stringify(name)} is no XML element name, so XML cannot carry it`);
  }
  const tags = tagsOnce(name);
  if (typeTags.size < MAX_TYPE_TAGS) typeTags.set(name, tags);
  return tags;
}

/** The element of a record entry's value. */
const VALUE = tagsOnce('value');

/**
 * The writer of a family: fields follow the declared class, else the value; the elements inside
 * are named by `naming`.
 */
export function createXmlWriter(naming: Naming): XmlWriter {
  function writeElement(tags: Tags, value: unknown, declared: TypeRef | undefined): string {
    if (value === null || value === undefined) {
      // A declared `null` is written as XML Schema's nil, which the readers take back as `null`.
      return declared?.kind === 'nullable' ? `<${tags.name} ${NIL}/>` : `<${tags.name}/>`;
    }
    if (typeof value !== 'object') {
      // Only a string can hold a character that needs escaping or dropping.
      const text = typeof value === 'string' ? escapeXmlText(value) : String(value);
      return tags.open + text + tags.close;
    }
    if (value instanceof Date) return tags.open + value.toISOString() + tags.close;
    const type = declared?.kind === 'nullable' ? declared.of : declared;
    if (Array.isArray(value)) return tags.open + writeItems(value, type) + tags.close;
    if (type?.kind === 'record') return tags.open + writeEntries(value, type.values) + tags.close;
    return tags.open + writeFields(value, type) + tags.close;
  }

  function writeItems(value: readonly unknown[], type: TypeRef | undefined): string {
    let out = '';
    if (type?.kind === 'tuple') {
      for (let i = 0; i < value.length; i++) {
        const items = tupleItem(type, i);
        out += writeElement(tagsOf(naming(value[i], items)), value[i], items);
      }
      return out;
    }
    const items = type?.kind === 'array' ? type.items : undefined;
    for (const item of value) out += writeElement(tagsOf(naming(item, items)), item, items);
    return out;
  }

  /** A record as an `<entry>` per key, its `<key>` as text: every key XML carries round-trips. */
  function writeEntries(value: object, values: TypeRef): string {
    let out = '';
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      out += `<entry><key>${escapeXmlText(key)}</key>${writeElement(VALUE, item, values)}</entry>`;
    }
    return out;
  }

  function writeFields(value: object, declaredType: TypeRef | undefined): string {
    const record = value as Record<string, unknown>;
    const picks = declaredType?.kind === 'union' || declaredType?.kind === 'either';
    const type = picks ? writtenType(value, declaredType) : declaredType;
    let out = '';
    const ctor = type?.kind === 'class' ? type.ctor : (value.constructor as Class | undefined);
    const declared = ctor && ctor !== Object ? fieldsOf(ctor) : undefined;
    if (declared && declared.size > 0) {
      for (const field of declared.values()) {
        const fieldValue = record[field.name];
        if (fieldValue !== undefined && fieldValue !== null) {
          out += writeElement(tagsOf(field.name), fieldValue, field.type);
        }
      }
      return out;
    }
    for (const key of Object.keys(record)) {
      const fieldValue = record[key];
      if (fieldValue === undefined || typeof fieldValue === 'function') continue;
      if (FORBIDDEN_NAMES.has(key) || !/^[A-Za-z_][\w.-]*$/.test(key)) continue;
      out += writeElement(tagsOnce(key), fieldValue, undefined);
    }
    return out;
  }

  return (name, value, type) => writeElement(tagsOf(name), value, type);
}
