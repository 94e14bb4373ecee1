import { inheritedDeclarations } from './xml-namespaces';
import type { XmlSpan } from './xml-node';
import type { Binding } from './xml-prefix-scope';

/** What noting the spans of the root's children needs of the scanner, and what it leaves there. */
export interface SpanState {
  readonly i: number;
  readonly children: XmlSpan[];
  childStart: number;
  childNameEnd: number;
  /** The prefixes of the root that the current child's names use. */
  readonly inherited: Map<string, Binding> | undefined;
}

/** A child of the root starts at `tagStart`; its name has just been read. */
export function startChild(s: SpanState, tagStart: number): void {
  s.childStart = tagStart;
  s.childNameEnd = s.i;
  s.inherited?.clear();
}

/**
 * The child of the root that started last ends at `end`: its span, with the declarations of the
 * root that it needs to stand alone.
 */
export function addChild(s: SpanState, end: number): void {
  const start = s.childStart;
  if (!s.inherited?.size) s.children.push({ start, end });
  else {
    const declarations = inheritedDeclarations(s.inherited);
    s.children.push({ start, end, nameEnd: s.childNameEnd, declarations });
  }
}
