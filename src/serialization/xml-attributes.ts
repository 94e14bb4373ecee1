import { checkChars, readName, skipSpace, type XmlCursor } from './xml-cursor';
import { checkDefaultNamespace } from './xml-declarations';
import { type StartTag, TagNamespaces } from './xml-namespaces';
import { type Binding, PrefixScope } from './xml-prefix-scope';
import { checkReferences } from './xml-references';
import { XmlScanError } from './xml-scan-error';

/** What reading a start tag's attributes needs of the scanner, and what it leaves there. */
export interface TagState extends XmlCursor {
  /** True when building the tree; false when scanning for the spans of the root's children. */
  readonly build: boolean;
  /** The names of the elements open, outermost first. */
  readonly stack: readonly string[];
  /** The start tag just read has XML Schema's nil set to `true` (or `1`). */
  nil: boolean;
  /** The prefixes of the root that the current child's names use, when scanning. */
  inherited: Map<string, Binding> | undefined;
  /** The namespace prefixes in scope: made at the first tag with a prefixed name. */
  scope: PrefixScope | undefined;
  /** The current start tag's prefixed attributes, when it has any. */
  tag: TagNamespaces | undefined;
}

/**
 * Reads the attributes of the start tag of element `name` at offset `at`, checked, then dropped,
 * but for what namespaces make of them (declarations in scope, prefixes in scope, its nil); true
 * when the tag closes itself.
 */
export function readAttributes(s: TagState, name: string, at: number): boolean {
  s.nil = false;
  // Most tags have no attributes: `>` right after the name ends the tag, without the loop.
  if (s.t.charCodeAt(s.i) === 0x3e) {
    s.i++;
    return false;
  }
  const selfClosing = skipAttributes(s);
  if (s.tag?.pending()) resolveNamespaces(s, s.tag, { name, depth: s.stack.length, at });
  return selfClosing;
}

/** Skips the attributes of a start tag; true when the tag closes itself. */
function skipAttributes(s: TagState): boolean {
  const t = s.t;
  // A set, not an array: a tag with many attributes must not cost their square (issue 11).
  let names: Set<string> | undefined;
  for (;;) {
    const hadSpace = skipSpace(s);
    const c = t.charCodeAt(s.i);
    if (c === 0x3e) {
      s.i++;
      return false;
    }
    if (c === 0x2f && t.charCodeAt(s.i + 1) === 0x3e) {
      s.i += 2;
      return true;
    }
    if (!hadSpace || Number.isNaN(c)) throw new XmlScanError('malformed start tag');
    const name = readName(s);
    const colon = s.colon;
    names ??= new Set();
    if (names.has(name)) throw new XmlScanError(`attribute ${name} is given twice`);
    names.add(name);
    skipSpace(s);
    if (t.charCodeAt(s.i) !== 0x3d) throw new XmlScanError('attribute without a value');
    s.i++;
    skipSpace(s);
    const quote = t[s.i];
    if (quote !== '"' && quote !== "'") throw new XmlScanError('attribute value is not quoted');
    const end = t.indexOf(quote, s.i + 1);
    if (end < 0) throw new XmlScanError('attribute value is not closed');
    const value = t.slice(s.i + 1, end);
    if (value.includes('<')) throw new XmlScanError('"<" in an attribute value');
    checkChars(s, s.i + 1, end, 'an attribute value');
    checkReferences(value);
    if (colon >= 0) {
      s.tag ??= new TagNamespaces();
      s.tag.add(name, colon, value);
    } else if (name === 'xmlns') checkDefaultNamespace(value);
    s.i = end + 1;
  }
}

/** Declares the tag's prefixes for its element, and reads its nil by namespace, not by prefix. */
function resolveNamespaces(s: TagState, tag: TagNamespaces, start: StartTag): void {
  s.nil = tag.resolve(prefixScope(s), start, s.inherited);
}

/**
 * Resolves the prefix of element `name`, a QName with a colon, in the scope its start tag at `at`
 * leaves: a prefix out of scope is refused.
 */
export function resolveElementPrefix(s: TagState, name: string, at: number): void {
  const where = { name, depth: s.stack.length, at };
  prefixScope(s).use(name.slice(0, name.indexOf(':')), where, s.inherited);
}

function prefixScope(s: TagState): PrefixScope {
  // Scanning, a child of the root must stand alone: note what it takes from the root's scope.
  if (!s.build) s.inherited ??= new Map();
  s.scope ??= new PrefixScope();
  return s.scope;
}
