import { checkDeclaration, XSI_NAMESPACE } from './xml-declarations';
import type { Binding, PrefixScope } from './xml-prefix-scope';
import { showName } from './xml-qname';
import { XmlScanError } from './xml-scan-error';
import { decodeXmlText, escapeXmlAttribute, trimXmlSpace } from './xml-text';

/** The start tag whose attributes are resolved: its element's name, depth and offset. */
export interface StartTag {
  readonly name: string;
  readonly depth: number;
  readonly at: number;
}

/**
 * The prefixed attributes of one start tag: its `xmlns:p` declarations, and the others, whose
 * prefixes must be in scope once the tag's declarations are. Kept between tags, and emptied by
 * {@link TagNamespaces.resolve}.
 */
export class TagNamespaces {
  /** Prefix, then namespace, per declaration. */
  private readonly declarations: string[] = [];
  /** Prefix, local part, then value, per other prefixed attribute. */
  private readonly uses: string[] = [];

  /** Notes an attribute whose name has its (only) colon at `colon`. */
  add(name: string, colon: number, value: string): void {
    const prefix = name.slice(0, colon);
    const local = name.slice(colon + 1);
    if (prefix === 'xmlns') {
      const uri = decodeXmlText(value);
      checkDeclaration(local, uri);
      this.declarations.push(local, uri);
    } else this.uses.push(prefix, local, value);
  }

  /** True when the tag being read had a prefixed attribute. */
  pending(): boolean {
    return this.declarations.length > 0 || this.uses.length > 0;
  }

  /**
   * Declares the tag's prefixes in `scope` for its element, resolves the prefixes of its other
   * attributes there, and tells whether the tag sets XML Schema's nil (its namespace, whatever the
   * prefix) to true. A prefix out of scope is refused, and so are two attributes that are one by
   * their namespace (`p:x` and `q:x`, `p` and `q` bound to one namespace). `inherited`, if given,
   * receives the prefixes the root declares that the attributes use, with their binding.
   */
  resolve(scope: PrefixScope, tag: StartTag, inherited?: Map<string, Binding>): boolean {
    const d = this.declarations;
    for (let i = 0; i < d.length; i += 2) scope.declare(d[i]!, d[i + 1]!, tag.depth);
    const u = this.uses;
    // By expanded name, which only a tag of two prefixed attributes or more needs.
    const seen = u.length > 3 ? new Map<string, string>() : undefined;
    let nil = false;
    for (let i = 0; i < u.length; i += 3) {
      const prefix = u[i]!;
      const local = u[i + 1]!;
      const where = { name: `${prefix}:${local}`, element: tag.name, depth: tag.depth, at: tag.at };
      const { uri } = scope.use(prefix, where, inherited);
      if (seen !== undefined) {
        // A local part has no space: the key tells every pair of local part and namespace apart.
        const key = `${local} ${uri}`;
        const first = seen.get(key);
        if (first !== undefined) throw givenTwice(tag, uri, local, first, where.name);
        seen.set(key, where.name);
      }
      if (local === 'nil' && uri === XSI_NAMESPACE) nil = readBoolean(prefix, u[i + 2]!);
    }
    d.length = 0;
    u.length = 0;
    return nil;
  }
}

function givenTwice(tag: StartTag, uri: string, local: string, first: string, second: string) {
  return new XmlScanError(
    `attribute {${showName(uri)}}${local} is given twice in <${showName(tag.name)}> at offset ${tag.at}, as ${first} and ${second}`,
  );
}

/**
 * XML Schema's boolean in a `p:nil` value, as an XML processor hands it over (references
 * replaced) and with the spaces that xs:boolean collapses around it; anything else is refused.
 */
function readBoolean(prefix: string, value: string): boolean {
  const word = trimXmlSpace(decodeXmlText(value));
  if (word === 'true' || word === '1') return true;
  if (word === 'false' || word === '0') return false;
  const shown = value.length > 16 ? `${value.slice(0, 16)}…` : value;
  throw new XmlScanError(`${prefix}:nil="${shown}" is not true, false, 1 or 0`);
}

/**
 * The declarations that a child of the root needs to stand alone: the root's, of the prefixes its
 * names use, so that each reads as in the whole document. Each costs a few bytes more than the
 * prefix's uses in the child.
 */
export function inheritedDeclarations(inherited: ReadonlyMap<string, Binding>): string {
  let out = '';
  for (const [prefix, binding] of inherited) {
    binding.declaration ??= ` xmlns:${prefix}="${escapeXmlAttribute(binding.uri)}"`;
    out += binding.declaration;
  }
  return out;
}
