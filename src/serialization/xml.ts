import { FORBIDDEN_NAMES, fieldsOf } from '../decorators/metadata';
import { type Class, type TypeRef } from '../decorators/types';
import {
  blankInstance,
  checkRequired,
  dateFromText,
  describeValue,
  intFromText,
  joinPath,
  mismatch,
  numberFromText,
  unknownField,
} from './binding';
import { acceptedNames, libAName } from './lib-a-names';
import { isIntText, isNumberText } from './number-text';
import { BindError, type BindOptions, type SequenceSerializer } from './sequence';
import { checkItems, checkNumber, checkString, enumFromText } from './value-rules';
import { parseXmlTree, type XmlNode, XmlScanError } from './xml-parser';
import { escapeXmlText } from './xml-text';

/**
 * Parses one XML document into an {@link XmlNode} tree, in one pass that also enforces the safety
 * rules (no DOCTYPE, only predefined and numeric references, the depth limit).
 */
export function parseXml(text: string, options: BindOptions): XmlNode {
  try {
    return parseXmlTree(text, options.maxDepth);
  } catch (error) {
    if (!(error instanceof XmlScanError)) throw error;
    throw new BindError(
      `not accepted XML: ${error.message}`,
      '',
      error.limit ? 'LIMIT_EXCEEDED' : 'MALFORMED_BODY',
    );
  }
}

/** Binds an element to a declared type, with its declared limits; values convert from text. */
export function bindXml(node: XmlNode, type: TypeRef, path: string, o: BindOptions): unknown {
  if (type.kind === 'class') return bindXmlObject(node, type.ctor, path, o);
  if (type.kind === 'array') {
    if (node.text.trim() !== '') mismatch(path, type, 'text');
    if (type.rules) checkItems(node.children.length, type.rules, path);
    return node.children.map((child, i) => bindXml(child, type.items, joinPath(path, i), o));
  }
  if (node.children.length > 0) return mismatch(path, type, 'child elements');
  const text =
    type.kind === 'string' || type.kind === 'unknown' || type.kind === 'enum'
      ? node.text
      : node.text.trim();
  switch (type.kind) {
    case 'int': {
      if (!isIntText(text)) return mismatch(path, type, describeValue(text));
      const int = intFromText(text, path, type);
      return type.rules ? checkNumber(int, type.rules, path) : int;
    }
    case 'number': {
      if (!isNumberText(text)) return mismatch(path, type, describeValue(text));
      const number = numberFromText(text, path, type);
      return type.rules ? checkNumber(number, type.rules, path) : number;
    }
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      return mismatch(path, type, describeValue(text));
    case 'date':
      return dateFromText(text, path, type);
    case 'enum':
      return enumFromText(text, type, path);
    case 'string':
      return type.rules ? checkString(text, type.rules, path) : text;
    default:
      return text;
  }
}

function bindXmlObject(node: XmlNode, ctor: Class, path: string, o: BindOptions): unknown {
  if (node.text.trim() !== '') throw new BindError(`expected ${ctor.name} fields, got text`, path);
  const fields = fieldsOf(ctor);
  const target = blankInstance(ctor);
  const seen = new Set<string>();
  for (const child of node.children) {
    const field = fields.get(child.name);
    if (!field) {
      unknownField(child.name, path, o.ignoreUnknownFields);
      continue;
    }
    if (seen.has(child.name))
      throw new BindError('field is given twice', joinPath(path, child.name));
    seen.add(child.name);
    target[child.name] = bindXml(child, field.type, joinPath(path, child.name), o);
  }
  checkRequired(ctor, seen, path, target);
  return target;
}

/** How a family names XML elements for types. */
type Naming = (value: unknown, type: TypeRef | undefined) => string;

const libBName: Naming = (value, type) => {
  if (type?.kind === 'class') return type.ctor.name;
  if (type?.kind === 'array') return `${libBName(undefined, type.items)}-array`;
  if (type === undefined && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const ctor = value.constructor;
    return ctor && ctor !== Object && !(value instanceof Date) ? ctor.name : libAName(value, type);
  }
  return libAName(value, type);
};

/** Writes `value` as an element named `name`; fields follow the declared class, else the value. */
function writeElement(
  name: string,
  value: unknown,
  type: TypeRef | undefined,
  naming: Naming,
): string {
  if (value === null || value === undefined) return `<${name}/>`;
  if (value instanceof Date) return `<${name}>${value.toISOString()}</${name}>`;
  if (Array.isArray(value)) {
    const items = type?.kind === 'array' ? type.items : undefined;
    let out = `<${name}>`;
    for (const item of value) out += writeElement(naming(item, items), item, items, naming);
    return `${out}</${name}>`;
  }
  if (typeof value === 'object') return `<${name}>${writeFields(value, type, naming)}</${name}>`;
  return `<${name}>${escapeXmlText(String(value))}</${name}>`;
}

function writeFields(value: object, type: TypeRef | undefined, naming: Naming): string {
  const record = value as Record<string, unknown>;
  let out = '';
  const ctor = type?.kind === 'class' ? type.ctor : (value.constructor as Class | undefined);
  const declared = ctor && ctor !== Object ? fieldsOf(ctor) : undefined;
  if (declared && declared.size > 0) {
    for (const field of declared.values()) {
      const fieldValue = record[field.name];
      if (fieldValue !== undefined && fieldValue !== null) {
        out += writeElement(field.name, fieldValue, field.type, naming);
      }
    }
    return out;
  }
  for (const key of Object.keys(record)) {
    const fieldValue = record[key];
    if (fieldValue === undefined || typeof fieldValue === 'function') continue;
    if (FORBIDDEN_NAMES.has(key) || !/^[A-Za-z_][\w.-]*$/.test(key)) continue;
    out += writeElement(key, fieldValue, undefined, naming);
  }
  return out;
}

function xmlSerializer(naming: Naming, strictRoot: boolean): SequenceSerializer {
  return {
    format: 'xml',
    readArgument(text, type, options) {
      const root = parseXml(text, options);
      if (strictRoot) {
        const accepted = acceptedNames(type);
        if (!accepted.includes(root.name)) {
          throw new BindError(
            `expected root element ${accepted.map((n) => `<${n}>`).join(' or ')}, got <${root.name}>`,
          );
        }
      }
      return bindXml(root, type, '', options);
    },
    writeResult(value, type) {
      return writeElement(naming(value, type), value, type, naming);
    },
  };
}

/** libB XML: roots named after the class, ignored on reading; values bind by declared type. */
export const libBXmlSerializer: SequenceSerializer = xmlSerializer(libBName, false);

/** libA XML: roots named by alias (`<mulInput>`), which must match the declared type on reading. */
export const libAXmlSerializer: SequenceSerializer = xmlSerializer(libAName, true);
