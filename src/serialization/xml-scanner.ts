import { readAttributes, resolveElementPrefix, type TagState } from './xml-attributes';
import { readChar, readReference, skipCdata, type TextState } from './xml-char-data';
import {
  readEndName,
  readName,
  skipComment,
  skipProcessingInstruction,
  skipSpace,
} from './xml-cursor';
import type { TagNamespaces } from './xml-namespaces';
import type { XmlNode, XmlSpan } from './xml-node';
import type { Binding, PrefixScope } from './xml-prefix-scope';
import { XmlScanError } from './xml-scan-error';
import { addChild, type SpanState, startChild } from './xml-spans';
import { decodeXmlText, normalizeLineEnds } from './xml-text';

/**
 * Reads a document's structure in one pass: its elements, their nesting and text, checked as it
 * goes. It builds the tree of elements, or, when not building, notes the spans of the root's
 * children. The state it shares with the readers of its parts is described by their interfaces.
 */
export class XmlScanner implements TagState, SpanState, TextState {
  root: string | undefined;
  readonly children: XmlSpan[] = [];
  rootHasText = false;
  /** The root element, when building the tree. */
  document: XmlNode | undefined;
  readonly stack: string[] = [];
  /** The elements open, when building the tree. */
  private readonly open: XmlNode[] = [];
  readonly begin: number;
  i: number;
  colon = -1;
  childStart = -1;
  childNameEnd = -1;
  nil = false;
  scope: PrefixScope | undefined;
  tag: TagNamespaces | undefined;
  inherited: Map<string, Binding> | undefined;
  /** Where the character data since the last markup starts. */
  textStart: number;
  /** The character data since the last markup holds no reference and no carriage return. */
  plain = true;

  constructor(
    readonly t: string,
    private readonly maxDepth: number,
    readonly build: boolean,
  ) {
    this.begin = t.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.i = this.begin;
    this.textStart = this.begin;
  }

  run(): void {
    const t = this.t;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 0x3c) this.markup();
      else if (c === 0x26) readReference(this);
      else readChar(this, c);
    }
    if (this.stack.length > 0)
      throw new XmlScanError(`element <${this.stack.at(-1)}> is not closed`);
  }

  private markup(): void {
    if (this.build) this.takeText();
    // The character after `<` tells the kind of markup: one comparison, not a startsWith per kind.
    const next = this.t.charCodeAt(this.i + 1);
    if (next === 0x2f) this.endTag();
    else if (next === 0x21) this.commentOrCdata();
    else if (next === 0x3f) skipProcessingInstruction(this);
    else this.startTag();
    this.textStart = this.i;
    this.plain = true;
  }

  /** Reads markup that opens with `<!`: a comment or CDATA; a DOCTYPE or other declaration is refused. */
  private commentOrCdata(): void {
    const t = this.t;
    if (t.startsWith('<!--', this.i)) skipComment(this);
    else if (t.startsWith('<![CDATA[', this.i)) {
      const content = skipCdata(this);
      if (this.build) this.addText(normalizeLineEnds(t.slice(content, this.i - 3)));
    } else throw new XmlScanError('DOCTYPE and other declarations are not allowed');
  }

  /** Adds the character data since the last markup to the open element. */
  private takeText(): void {
    if (this.i > this.textStart && this.open.length > 0) {
      const text = this.t.slice(this.textStart, this.i);
      // Text without `&` and `\r` reads as it stands: no search for either, as most text is.
      this.addText(this.plain ? text : decodeXmlText(normalizeLineEnds(text)));
    }
  }

  private addText(text: string): void {
    const node = this.open.at(-1);
    if (node) node.text += text;
  }

  private startTag(): void {
    const tagStart = this.i;
    this.i++;
    const name = readName(this);
    const colon = this.colon;
    if (this.stack.length === 0 && this.root !== undefined) {
      throw new XmlScanError('more than one root element');
    }
    // Spans are what a scan finds; a tree being built has its children already.
    if (!this.build && this.stack.length === 1) startChild(this, tagStart);
    const selfClosing = readAttributes(this, name, tagStart);
    // After the attributes: the tag's own declarations are in scope for its name.
    if (colon >= 0) resolveElementPrefix(this, name, tagStart);
    if (this.stack.length === 0) this.root ??= name;
    if (this.build) this.addElement(name, selfClosing);
    if (selfClosing) {
      this.scope?.close(this.stack.length);
      if (!this.build && this.stack.length === 1) addChild(this, this.i);
      return;
    }
    if (this.stack.length >= this.maxDepth) {
      throw new XmlScanError(`nesting deeper than ${this.maxDepth}`, true);
    }
    this.stack.push(name);
  }

  private addElement(name: string, empty: boolean): void {
    const node: XmlNode = this.nil
      ? { name, children: [], text: '', nil: true }
      : { name, children: [], text: '' };
    const parent = this.open.at(-1);
    if (parent) parent.children.push(node);
    else this.document = node;
    if (!empty) this.open.push(node);
  }

  private endTag(): void {
    this.i += 2;
    const name = readEndName(this, this.stack.at(-1));
    if (this.t.charCodeAt(this.i) !== 0x3e) skipSpace(this);
    if (this.t.charCodeAt(this.i) !== 0x3e) throw new XmlScanError(`malformed end tag </${name}`);
    this.i++;
    const open = this.stack.pop();
    if (open !== name) {
      throw new XmlScanError(
        open === undefined ? `unexpected </${name}>` : `</${name}> closes <${open}>`,
      );
    }
    if (this.build) this.open.pop();
    this.scope?.close(this.stack.length);
    if (!this.build && this.stack.length === 1) addChild(this, this.i);
  }
}
