import { frameworkError, type RemoteError } from '../errors';
import { scanXml, spanText, XmlScanError, type XmlSpan } from '../serialization/xml-parser';

/** Limits that the splitter enforces while it splits. */
export interface SplitLimits {
  readonly maxArgs: number;
  readonly maxDepth: number;
}

function malformed(message: string): RemoteError {
  return frameworkError('MALFORMED_BODY', `RMC body: ${message}`);
}

function limit(message: string): RemoteError {
  return frameworkError('LIMIT_EXCEEDED', `RMC body: ${message}`);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * Splits a JSON array into the raw text of each element, without building any value: strings
 * (with brackets, commas and escapes inside) are skipped as wholes and nesting is tracked.
 *
 * @example
 * splitJsonArray('[2, {"a":[1,"]"]}]', limits) // ['2', '{"a":[1,"]"]}']
 */
export function splitJsonArray(text: string, limits: SplitLimits): string[] {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x5b) throw malformed('expected a JSON array of arguments');
  i = skipSpace(text, i + 1);
  const parts: string[] = [];
  if (text.charCodeAt(i) === 0x5d) return finish(text, i + 1, parts);
  for (;;) {
    if (parts.length === limits.maxArgs) throw limit(`more than ${limits.maxArgs} arguments`);
    const end = scanJsonValue(text, i, limits.maxDepth - 1);
    parts.push(text.slice(i, end));
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x5d) return finish(text, i + 1, parts);
    if (c !== 0x2c) throw malformed(`expected "," or "]" at offset ${i}`);
    i = skipSpace(text, i + 1);
  }
}

function finish(text: string, from: number, parts: string[]): string[] {
  if (skipSpace(text, from) !== text.length) throw malformed('text after the closing "]"');
  return parts;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The end offset of the JSON value starting at `start`. */
function scanJsonValue(text: string, start: number, maxDepth: number): number {
  const opener = text.charCodeAt(start);
  if (opener === 0x22) return scanString(text, start);
  if (opener !== 0x7b && opener !== 0x5b) return scanPrimitive(text, start);
  const closers: number[] = [];
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = scanString(text, i) - 1;
    else if (c === 0x7b || c === 0x5b) {
      if (closers.length === maxDepth) throw limit(`nesting deeper than ${maxDepth + 1}`);
      closers.push(c + 2);
    } else if (c === 0x7d || c === 0x5d) {
      if (closers.pop() !== c) throw malformed(`unbalanced "${text[i]}" at offset ${i}`);
      if (closers.length === 0) return i + 1;
    }
  }
  throw malformed('the array is not closed');
}

function scanString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  throw malformed('a string is not closed');
}

function scanPrimitive(text: string, start: number): number {
  let i = start;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2c || c === 0x5d || c === 0x7d || c === 0x5b || c === 0x7b || isSpace(c)) break;
  }
  if (i === start) throw malformed(`expected a value at offset ${start}`);
  return i;
}

/**
 * Splits a `<paramArray>` document into the raw text of each child element, in order, each with
 * the namespace declarations of `<paramArray>` that its names use. The document is
 * checked by the XML parser on the way (DOCTYPE, entities, depth).
 */
export function splitXmlParamArray(text: string, limits: SplitLimits): string[] {
  let scan: ReturnType<typeof scanXml>;
  try {
    scan = scanXml(text, limits.maxDepth);
  } catch (error) {
    if (!(error instanceof XmlScanError)) throw error;
    throw error.limit ? limit(error.message) : malformed(error.message);
  }
  if (scan.root !== 'paramArray')
    throw malformed(`expected a <paramArray> root, got <${scan.root}>`);
  if (scan.rootHasText) throw malformed('<paramArray> holds text besides its argument elements');
  if (scan.children.length > limits.maxArgs) throw limit(`more than ${limits.maxArgs} arguments`);
  checkCarried(text, scan.children);
  return scan.children.map((span) => spanText(text, span));
}

/** What the arguments may carry of `<paramArray>`'s declarations in all, beyond twice the body. */
const CARRIED_SLACK = 256 * 1024;

/**
 * Refuses arguments that would carry more of `<paramArray>`'s declarations than twice the body
 * and 256 KiB: each argument repeats those its names use to stand alone, so one long namespace
 * used by every argument made a 1 MB body a quarter of a gigabyte of arguments.
 */
function checkCarried(text: string, spans: readonly XmlSpan[]): void {
  let carried = 0;
  for (const span of spans) carried += span.declarations?.length ?? 0;
  const bound = 2 * text.length + CARRIED_SLACK;
  if (carried <= bound) return;
  throw limit(
    `the arguments would repeat ${carried} characters of the namespace declarations of <paramArray>, more than ${bound}: declare a long namespace on the arguments that use it`,
  );
}
