import { checkDeclaration, XML_NAMESPACE } from './xml-declarations';
import { XmlScanError } from './xml-scan-error';
import { decodeXmlText, escapeXmlAttribute, trimXmlSpace } from './xml-text';

/** XML Schema's instance namespace: its `nil` attribute is XML's `null`. */
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** A prefix's binding: its namespace (empty when bound to none), and its element's depth. */
interface Binding {
  readonly uri: string;
  readonly depth: number;
}

const XML_BINDING: Binding = { uri: XML_NAMESPACE, depth: -1 };

/**
 * The namespace prefixes in scope while a document is read: each prefix's bindings, innermost
 * last, and the order of the declarations, undone when their element ends. A declaration and a
 * lookup cost one map access each, however many prefixes a document binds.
 */
export class PrefixScope {
  private readonly bindings = new Map<string, Binding[]>();
  private readonly declared: { readonly prefix: string; readonly depth: number }[] = [];

  /** Binds `prefix` to `uri` for the element at `depth` and the elements within it. */
  declare(prefix: string, uri: string, depth: number): void {
    let stack = this.bindings.get(prefix);
    if (stack === undefined) {
      stack = [];
      this.bindings.set(prefix, stack);
    }
    stack.push({ uri, depth });
    this.declared.push({ prefix, depth });
  }

  /** Ends the declarations of the element at `depth`, which has ended. */
  close(depth: number): void {
    for (
      let last = this.declared.at(-1);
      last && last.depth >= depth;
      last = this.declared.at(-1)
    ) {
      this.declared.pop();
      this.bindings.get(last.prefix)?.pop();
    }
  }

  /** The binding of `prefix` here, or undefined when it is not declared. */
  binding(prefix: string): Binding | undefined {
    if (prefix === 'xml') return XML_BINDING;
    return this.bindings.get(prefix)?.at(-1);
  }
}

/**
 * The prefixed attributes of one start tag that namespaces give a meaning to here: `xmlns:p`
 * declarations and `p:nil`. Kept between tags, and emptied by {@link TagNamespaces.resolve}.
 */
export class TagNamespaces {
  /** Prefix, then namespace, per declaration. */
  private readonly declarations: string[] = [];
  /** Prefix, then value, per `p:nil`. */
  private readonly nils: string[] = [];

  /** Notes an attribute whose name has a colon at `colon`; other prefixed ones mean nothing here. */
  add(name: string, colon: number, value: string): void {
    const prefix = name.slice(0, colon);
    if (prefix === 'xmlns') {
      const declared = name.slice(colon + 1);
      const uri = decodeXmlText(value);
      checkDeclaration(declared, uri);
      this.declarations.push(declared, uri);
    } else if (name.length === colon + 4 && name.endsWith('nil')) this.nils.push(prefix, value);
  }

  /** True when the tag being read had a declaration or a `p:nil`. */
  pending(): boolean {
    return this.declarations.length > 0 || this.nils.length > 0;
  }

  /**
   * Declares the tag's prefixes in `scope` for its element at `depth`, and tells whether the tag
   * sets XML Schema's nil (its namespace, whatever the prefix) to true. A `p:nil` whose prefix is
   * not declared is refused; so is nil given twice, under two prefixes. `inherited`, if given,
   * receives the prefixes of the nil attributes that the root element declares, with their namespace.
   */
  resolve(scope: PrefixScope, depth: number, inherited?: Map<string, string>): boolean {
    const d = this.declarations;
    for (let i = 0; i < d.length; i += 2) scope.declare(d[i]!, d[i + 1]!, depth);
    let nil: boolean | undefined;
    for (let i = 0; i < this.nils.length; i += 2) {
      const prefix = this.nils[i]!;
      const binding = scope.binding(prefix);
      if (binding === undefined) {
        throw new XmlScanError(
          `prefix ${prefix} of ${prefix}:nil is not declared: xmlns:${prefix}="${XSI_NAMESPACE}" makes it XML Schema's nil`,
        );
      }
      if (binding.depth === 0 && depth > 0) inherited?.set(prefix, binding.uri);
      if (binding.uri !== XSI_NAMESPACE) continue;
      if (nil !== undefined) throw new XmlScanError(`XML Schema's nil is given twice`);
      nil = readBoolean(prefix, this.nils[i + 1]!);
    }
    d.length = 0;
    this.nils.length = 0;
    return nil === true;
  }
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
 * nil attributes use, so that each nil reads as in the whole document. Each costs a few bytes more
 * than one `p:nil` of the child.
 */
export function inheritedDeclarations(inherited: ReadonlyMap<string, string>): string {
  let out = '';
  for (const [prefix, uri] of inherited) out += ` xmlns:${prefix}="${escapeXmlAttribute(uri)}"`;
  return out;
}
