import { XML_NAMESPACE, XSI_NAMESPACE } from './xml-declarations';
import { showName } from './xml-qname';
import { XmlScanError } from './xml-scan-error';

/** A prefix's binding: its namespace, and the depth of the element that declares it. */
export interface Binding {
  readonly uri: string;
  readonly depth: number;
  /**
   * The declaration as a child of the root carries it (` xmlns:p="…"`), written once for every
   * child that uses it: written per child, a long namespace cost its length each time.
   */
  declaration?: string;
}

const XML_BINDING: Binding = { uri: XML_NAMESPACE, depth: -1 };

/** Where a prefix is used: the name that has it, and the start tag it is in. */
export interface PrefixUse {
  /** The attribute's name, or the element's when `element` is not given. */
  readonly name: string;
  /** The element whose start tag holds the attribute. */
  readonly element?: string;
  /** The depth of the element, the root's being 0. */
  readonly depth: number;
  /** Where the start tag starts in the document. */
  readonly at: number;
}

/**
 * The namespace prefixes in scope while a document is read: each prefix's bindings, innermost
 * last, and the order of the declarations, undone when their element ends. A declaration and a
 * lookup cost one map access each, however many prefixes a document binds and however deep.
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

  /** The binding of `prefix` here, or undefined when it is not declared; `xml` always is. */
  binding(prefix: string): Binding | undefined {
    if (prefix === 'xml') return XML_BINDING;
    return this.bindings.get(prefix)?.at(-1);
  }

  /**
   * The binding of `prefix`, used as `use` tells; a prefix out of scope is refused, naming it and
   * where it is used. `inherited`, if given, receives the prefixes that the root declares and an
   * element within it uses, with their binding.
   */
  use(prefix: string, use: PrefixUse, inherited?: Map<string, Binding>): Binding {
    const binding = this.binding(prefix);
    if (binding === undefined) throw undeclared(prefix, use);
    if (binding.depth === 0 && use.depth > 0) inherited?.set(prefix, binding);
    return binding;
  }
}

function undeclared(prefix: string, { name, element, at }: PrefixUse): XmlScanError {
  const shown = showName(name);
  if (element === undefined && prefix === 'xmlns') {
    return new XmlScanError(
      `element <${shown}> at offset ${at} has the prefix xmlns, which only declarations may use`,
    );
  }
  const where =
    element === undefined
      ? `<${shown}> at offset ${at}`
      : `an attribute of <${showName(element)}> at offset ${at}`;
  const p = showName(prefix);
  const hint = name.endsWith(':nil')
    ? `xmlns:${p}="${XSI_NAMESPACE}" makes it XML Schema's nil`
    : `XML Namespaces 1.0 asks for xmlns:${p} on that element or one that holds it`;
  return new XmlScanError(`prefix ${p} of ${shown} is not declared (${where}): ${hint}`);
}
