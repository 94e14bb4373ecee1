/** Where a direct child element of the root starts and ends in the text. */
export interface XmlSpan {
  readonly start: number;
  readonly end: number;
  /** Where its name ends, and the root's declarations it needs there to stand alone, if any. */
  readonly nameEnd?: number;
  readonly declarations?: string;
}

/** An element as the binder sees it: its name, child elements and text. */
export interface XmlNode {
  readonly name: string;
  readonly children: XmlNode[];
  /** The element's own text and CDATA, decoded, line ends normalized, in document order. */
  text: string;
  /**
   * The element has XML Schema's nil set to true (`xsi:nil="true"`, its prefix bound to the
   * schema instance namespace): XML's `null` where an element cannot be left out.
   */
  readonly nil?: true;
}
