import type { XmlNode, XmlSpan } from './xml-node';
import { XmlScanError } from './xml-scan-error';
import { XmlScanner } from './xml-scanner';

export type { XmlNode, XmlSpan } from './xml-node';
export { XmlScanError } from './xml-scan-error';

/** What a scan learns of a document without building it. */
export interface XmlScan {
  readonly root: string;
  readonly children: readonly XmlSpan[];
  /** True when the root holds text that is not white space besides its child elements. */
  readonly rootHasText: boolean;
}

/**
 * Checks an XML document in one pass and finds the spans of the root's child elements, without
 * building anything. Refuses a DOCTYPE (and so every entity declaration), references other than
 * the five predefined entities and numeric references of valid characters, characters XML does
 * not allow, more than one root, mismatched tags, and nesting deeper than `maxDepth`.
 */
export function scanXml(text: string, maxDepth: number): XmlScan {
  const s = new XmlScanner(text, maxDepth, false);
  s.run();
  if (s.root === undefined) throw new XmlScanError('no root element');
  return { root: s.root, children: s.children, rootHasText: s.rootHasText };
}

/**
 * The text of a child of the root, standing alone: with the declarations it takes from the root,
 * if any, so that it reads as it does in the whole document.
 */
export function spanText(text: string, span: XmlSpan): string {
  const { start, end, nameEnd, declarations } = span;
  if (nameEnd === undefined) return text.slice(start, end);
  return `${text.slice(start, nameEnd)}${declarations}${text.slice(nameEnd, end)}`;
}

/**
 * Parses an XML document into its tree of elements, in the same pass and under the same rules
 * as {@link scanXml}. Attributes are checked and dropped; comments and processing instructions
 * are dropped; line ends are normalized to `\n` as XML 1.0 asks, and references are decoded.
 */
export function parseXmlTree(text: string, maxDepth: number): XmlNode {
  const s = new XmlScanner(text, maxDepth, true);
  s.run();
  if (s.document === undefined) throw new XmlScanError('no root element');
  return s.document;
}
