import { type FieldMeta, fieldsOf } from '../decorators/metadata';
import { type Class, type TypeRef, tupleItem } from '../decorators/types';
import {
  type BindSite,
  blankInstance,
  checkRequired,
  dateFromText,
  describeValue,
  innerSite,
  intFromText,
  joinPath,
  mismatch,
  nullField,
  numberFromText,
  readOnlyField,
  unknownField,
} from './binding';
import { acceptedNames, libAName } from './lib-a-names';
import { isIntText, isNumberText } from './number-text';
import { BindError, type BindOptions, type SequenceSerializer } from './sequence';
import { checkTupleLength } from './shapes';
import { memberOf } from './union-member';
import { checkItems, checkNumber, checkString, enumFromText } from './value-rules';
import { parseXmlTree, type XmlNode, XmlScanError } from './xml-parser';
import { bindXmlRecord, nilValue } from './xml-record';
import { isXmlSpaceOnly, trimXmlSpace } from './xml-text';
import { createXmlWriter, libBName, type Naming } from './xml-writer';

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
export function bindXml(node: XmlNode, type: TypeRef, at: BindSite): unknown {
  const { path } = at;
  if (node.nil) return type.kind === 'nullable' ? nilValue(node, path) : notNull(path);
  if (type.kind === 'class') return bindXmlObject(node, type.ctor, at);
  // An element with elements inside is the object; any other, text, is the primitive.
  if (type.kind === 'either') {
    return bindXml(node, node.children.length > 0 ? type.object : type.scalar, at);
  }
  if (type.kind === 'union') {
    const tag = node.children.find((child) => child.name === type.discriminator);
    // A discriminator element with elements inside names no member: refused as such.
    const text = tag && (tag.children.length > 0 ? {} : tag.text);
    return bindXmlObject(node, memberOf(type, text, path).ctor, at);
  }
  if (type.kind === 'array') {
    if (!isXmlSpaceOnly(node.text)) mismatch(path, type, 'text');
    if (type.rules) checkItems(node.children.length, type.rules, path);
    return node.children.map((child, i) => bindXml(child, type.items, innerSite(at, i)));
  }
  if (type.kind === 'nullable') return bindXml(node, type.of, at);
  if (type.kind === 'record') return bindXmlRecord(node, type, at, bindXml);
  if (type.kind === 'tuple') {
    if (!isXmlSpaceOnly(node.text)) mismatch(path, type, 'text');
    checkTupleLength(node.children.length, type, path);
    return node.children.map((child, i) => bindXml(child, tupleItem(type, i)!, innerSite(at, i)));
  }
  if (node.children.length > 0) return mismatch(path, type, 'child elements');
  const text =
    type.kind === 'string' || type.kind === 'unknown' || type.kind === 'enum'
      ? node.text
      : trimXmlSpace(node.text);
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
      return enumFromText(text, type, path, trimXmlSpace(text));
    case 'string':
      return type.rules ? checkString(text, type.rules, path) : text;
    default:
      return text;
  }
}

function bindXmlObject(node: XmlNode, ctor: Class, at: BindSite): unknown {
  const { path } = at;
  if (!isXmlSpaceOnly(node.text))
    throw new BindError(`expected ${ctor.name} fields, got text`, path);
  const fields = fieldsOf(ctor);
  const target = blankInstance(ctor);
  for (const child of node.children) {
    const name = child.name;
    const field = fields.get(name);
    if (!field) {
      unknownField(name, path, at.options.ignoreUnknownFields);
      continue;
    }
    // The target starts blank: its own keys are the fields bound so far (no Set per object).
    if (Object.hasOwn(target, name)) throw new BindError('field is given twice', joinPath(path, name));
    if (field.readOnly) readOnlyField(field, joinPath(path, name));
    target[name] = child.nil
      ? nullField(field, joinPath(path, name))
      : bindXml(child, field.type, innerSite(at, name));
  }
  nullAbsentFields(fields, target);
  checkRequired(fields, target, path);
  return target;
}

function notNull(path: string): never {
  throw new BindError('null is not allowed', path);
}

/** XML has no `null`: a required field that is nullable and absent is `null`, and so given. */
function nullAbsentFields(
  fields: ReadonlyMap<string, FieldMeta>,
  target: Record<string, unknown>,
): void {
  for (const field of fields.values()) {
    if (field.nullable && !field.optional && !Object.hasOwn(target, field.name)) {
      target[field.name] = null;
    }
  }
}

function xmlSerializer(naming: Naming, strictRoot: boolean): SequenceSerializer {
  const write = createXmlWriter(naming);
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
      return bindXml(root, type, { path: '', options });
    },
    writeResult(value, type) {
      return write(naming(value, type), value, type);
    },
  };
}

/** libB XML: roots named after the class, ignored on reading; values bind by declared type. */
export const libBXmlSerializer: SequenceSerializer = xmlSerializer(libBName, false);

/** libA XML: roots named by alias (`<mulInput>`), which must match the declared type on reading. */
export const libAXmlSerializer: SequenceSerializer = xmlSerializer(libAName, true);
