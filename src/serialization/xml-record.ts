import { type RecordType, type TypeRef } from '../decorators/types';
import { type BindSite, mismatch } from './binding';
import { BindError } from './sequence';
import { emptyRecord, keyPath, keySite } from './shapes';
import { type XmlNode } from './xml-parser';
import { isXmlSpaceOnly } from './xml-text';

/** Binds an element to a declared type: the XML binder, given to the readers of its parts. */
export type XmlBinder = (node: XmlNode, type: TypeRef, at: BindSite) => unknown;

/** The `<key>` and `<value>` of an `<entry>`, each given once and nothing else. */
function entryParts(entry: XmlNode, path: string): { key: string; value: XmlNode } {
  if (entry.name !== 'entry') throw new BindError(`expected <entry>, got <${entry.name}>`, path);
  if (!isXmlSpaceOnly(entry.text))
    throw new BindError('expected <key> and <value>, got text', path);
  let key: XmlNode | undefined;
  let value: XmlNode | undefined;
  for (const part of entry.children) {
    if (part.name === 'key' && !key) key = part;
    else if (part.name === 'value' && !value) value = part;
    else throw new BindError(`<entry> holds one <key> and one <value>, got <${part.name}>`, path);
  }
  if (!key || key.nil || key.children.length > 0) {
    throw new BindError('<entry> needs a <key> holding the key as text', path);
  }
  if (!value) throw new BindError('<entry> has no <value>', keyPath(path, key.text));
  return { key: key.text, value };
}

/**
 * Binds a record written as `<entry><key>k</key><value>…</value></entry>` per key: every string
 * that XML carries is a key, names or not, and a key given twice is refused as a field is.
 */
export function bindXmlRecord(
  node: XmlNode,
  type: RecordType,
  at: BindSite,
  bind: XmlBinder,
): Record<string, unknown> {
  if (!isXmlSpaceOnly(node.text)) mismatch(at.path, type, 'text');
  const out = emptyRecord();
  for (const entry of node.children) {
    const { key, value } = entryParts(entry, at.path);
    if (Object.hasOwn(out, key)) throw new BindError('key is given twice', keyPath(at.path, key));
    out[key] = bind(value, type.values, keySite(at, key));
  }
  return out;
}

/** The `null` of an element with `xsi:nil`, which must be empty. */
export function nilValue(node: XmlNode, path: string): null {
  if (node.children.length > 0 || !isXmlSpaceOnly(node.text)) {
    throw new BindError('an element with xsi:nil="true" must be empty', path);
  }
  return null;
}
