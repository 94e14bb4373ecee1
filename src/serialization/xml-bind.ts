import { type FieldMeta, fieldsOf } from '../decorators/metadata';
import { type Class, type TypeRef, tupleItem } from '../decorators/types';
import { hasAccessorFields } from './accessor-fields';
import {
  type BindSite,
  blankInstance,
  checkRequired,
  innerSite,
  joinPath,
  mismatch,
  nullField,
  readOnlyField,
  unknownField,
} from './binding';
import { BindError } from './sequence';
import { checkTupleLength, emptyRecord } from './shapes';
import { memberOf } from './union-member';
import { checkItems } from './value-rules';
import { type XmlNode } from './xml-parser';
import { bindXmlRecord, nilValue } from './xml-record';
import { bindXmlScalar } from './xml-scalar';
import { isXmlSpaceOnly } from './xml-text';

/** Binds an element to a declared type, with its declared limits; values convert from text. */
export function bindXml(node: XmlNode, type: TypeRef, at: BindSite): unknown {
  if (node.nil) return type.kind === 'nullable' ? nilValue(node, at.path) : notNull(at.path);
  // One dispatch on the kind: the scalars, most of the elements read, reach theirs at once.
  switch (type.kind) {
    case 'class':
      return bindXmlObject(node, type.ctor, at);
    case 'either':
      // An element with elements inside is the object; any other, text, is the primitive.
      return bindXml(node, node.children.length > 0 ? type.object : type.scalar, at);
    case 'union': {
      const tag = node.children.find((child) => child.name === type.discriminator);
      // A discriminator element with elements inside names no member: refused as such.
      const text = tag && (tag.children.length > 0 ? {} : tag.text);
      return bindXmlObject(node, memberOf(type, text, at.path, 'xml').ctor, at);
    }
    case 'array':
      if (!isXmlSpaceOnly(node.text)) mismatch(at.path, type, 'text');
      if (type.rules) checkItems(node.children.length, type.rules, at.path);
      return node.children.map((child, i) => bindXml(child, type.items, innerSite(at, i)));
    case 'nullable':
      return bindXml(node, type.of, at);
    case 'record':
      return bindXmlRecord(node, type, at, bindXml);
    case 'tuple':
      if (!isXmlSpaceOnly(node.text)) mismatch(at.path, type, 'text');
      checkTupleLength(node.children.length, type, at.path);
      return node.children.map((child, i) => bindXml(child, tupleItem(type, i)!, innerSite(at, i)));
    default:
      if (node.children.length > 0) return mismatch(at.path, type, 'child elements');
      return bindXmlScalar(node.text, type, at.path);
  }
}

function bindXmlObject(node: XmlNode, ctor: Class, at: BindSite): unknown {
  const { path } = at;
  if (!isXmlSpaceOnly(node.text))
    throw new BindError(`expected ${ctor.name} fields, got text`, path);
  const fields = fieldsOf(ctor);
  const target = blankInstance(ctor);
  // The target starts blank: its own keys are the fields bound so far (no Set per object), unless
  // a field is a setter (`set v(x)`), which keeps its value elsewhere: then they are kept apart.
  const given = hasAccessorFields(ctor) ? emptyRecord() : target;
  for (const child of node.children) {
    const name = child.name;
    const field = fields.get(name);
    if (!field) {
      unknownField(name, path, at.options.ignoreUnknownFields);
      continue;
    }
    if (Object.hasOwn(given, name))
      throw new BindError('field is given twice', joinPath(path, name));
    if (field.readOnly) readOnlyField(field, joinPath(path, name));
    const value = child.nil
      ? nullField(field, joinPath(path, name))
      : bindXml(child, field.type, innerSite(at, name));
    target[name] = value;
    given[name] = value;
  }
  nullAbsentFields(fields, { target, given });
  checkRequired(fields, given, path);
  return target;
}

function notNull(path: string): never {
  throw new BindError('null is not allowed', path);
}

/** XML has no `null`: a required field that is nullable and absent is `null`, and so given. */
function nullAbsentFields(
  fields: ReadonlyMap<string, FieldMeta>,
  { target, given }: { target: Record<string, unknown>; given: Record<string, unknown> },
): void {
  for (const field of fields.values()) {
    if (field.nullable && !field.optional && !Object.hasOwn(given, field.name)) {
      target[field.name] = null;
      given[field.name] = null;
    }
  }
}
