import { ENTRY_POINT_DEFAULTS } from '../server/config';

/**
 * What the document says, as `x-portico-wire`, about the four sequences and the checks every
 * value meets, since one schema serves all four and JSON Schema cannot say all of it. The
 * document's own `info.description` is left to its author (`--description`).
 */
export const WIRE_NOTES: readonly string[] = [
  'The header X-SVC-Sequence-Name picks one of four sequences for the body and the answer.',
  'libBParamArrayJsonInOutSequence (the default): JSON, each value as its schema shows it.',
  'libAParamArrayJsonInOutSequence: JSON, each value wrapped in an object whose one key is its libA name (x-libA-json-wrapper); a number or numeric enum value may also be given as a decimal string ("2") with no white space around it, a boolean as "true" or "false".',
  'libAParamArrayXmlInOutSequence: XML, the root named as xml.name says (a class alias, else its name; int, double, string, boolean, date for bare values); another root name is refused, except the class’s own name (x-libB-xml-name) in place of its alias.',
  'libBParamArrayXmlInOutSequence: XML, the root named after the class (x-libB-xml-name where it differs from xml.name); root names are ignored on reading.',
  'An array is one element with an element per item. A name follows the declared type only: a number is double even when it is 2.',
  'A field that is not declared, is given twice, is missing or has another type is refused with 400 INVALID_ARGUMENT naming the field.',
  'date-time is RFC 3339 with seconds and an offset; a leap second (23:59:60 UTC) reads as 23:59:59, and an instant outside the years 0000-9999 in UTC is refused.',
  'A record (additionalProperties) is one element with an <entry><key>…</key><value>…</value></entry> per key (x-portico-xml); its libA name is object. A tuple (prefixItems) is one element with an element per item, each named by its type; its libA name is object-array.',
  'XML has no null: a null field is an absent element, and a null that must stand in its place (an item, a record value, an argument, a root) is an empty element with xsi:nil="true" (xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"); numbers are decimal text, booleans are true, false, 1 or 0, XML white space (space, tab, CR, LF) around numbers, dates and booleans is ignored, and text carries only the characters XML 1.0 allows.',
  'Limits (x-portico-limits): a body over maxBodyBytes is refused with 413, and JSON or XML nested deeper than maxDepth with 400 LIMIT_EXCEEDED.',
];

/** The size and nesting limits the entry point enforces by default, as `x-portico-limits`. */
export const DOCUMENT_LIMITS = {
  description:
    'Defaults of the entry point (ENTRY_POINTS.WEB_SERVICE_FACADE_HTTP); a server may configure others.',
  maxBodyBytes: ENTRY_POINT_DEFAULTS.maxBodyBytes,
  maxDepth: ENTRY_POINT_DEFAULTS.maxDepth,
  maxArgs: ENTRY_POINT_DEFAULTS.maxArgs,
} as const;
