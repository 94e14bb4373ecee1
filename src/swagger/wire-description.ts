import { ENTRY_POINT_DEFAULTS } from '../server/config';

/**
 * What the document says about the four sequences and the checks every value meets, since one
 * schema serves all four and JSON Schema cannot say all of it (element names, XML's text forms,
 * libA's leniencies, nesting).
 */
export const WIRE_DESCRIPTION = [
  'Every operation takes and answers JSON or XML in one of four sequences (header X-SVC-Sequence-Name).',
  'libBParamArrayJsonInOutSequence (the default) sends the value as the schema shows it.',
  'libAParamArrayJsonInOutSequence wraps every value in its libA name: `{"mulInput":{…}}`, `{"int":6}`; the name is in x-libA-json-wrapper (OpenAPI 3.1 shows both shapes with anyOf).',
  'libAParamArrayXmlInOutSequence names a root element as xml.name says (a class alias, else the class name; int, double, string, boolean, date for bare values) and refuses another root name, except a class’s own name (x-libB-xml-name) in place of its alias.',
  'libBParamArrayXmlInOutSequence names a root after the class (x-libB-xml-name where it differs from xml.name) and ignores root names on reading.',
  'An array is one element with an element per item; item names are written as xml.name says and ignored on reading.',
  'A name follows the declared type only: a number is double even when it is 2.',
  'A field that is not declared, is given twice, is missing or has another type is refused with 400 INVALID_ARGUMENT naming the field.',
  'date-time is RFC 3339 with seconds and an offset; a leap second (23:59:60 UTC) reads as 23:59:59.',
  'XML has no null: a null field is an absent element (a required nullable field that is absent is null), and an empty element is an empty string.',
  'XML numbers are decimal text (an integer without a fraction or exponent), XML white space (space, tab, CR, LF) around them and around dates and booleans is ignored, and booleans are true, false, 1 or 0.',
  'XML text carries only the characters XML 1.0 allows; a result’s other characters are left out.',
  'libAParamArrayJsonInOutSequence also takes a number or a numeric enum value as a decimal string ("2") with no white space around it and a boolean as "true" or "false".',
  'Limits (x-portico-limits, the defaults; a server may configure others): a body over maxBodyBytes is refused with 413, and JSON or XML nested deeper than maxDepth with 400 LIMIT_EXCEEDED.',
].join(' ');

/** The size and nesting limits the entry point enforces by default, as `x-portico-limits`. */
export const DOCUMENT_LIMITS = {
  description:
    'Defaults of the entry point (ENTRY_POINTS.WEB_SERVICE_FACADE_HTTP); a server may configure others.',
  maxBodyBytes: ENTRY_POINT_DEFAULTS.maxBodyBytes,
  maxDepth: ENTRY_POINT_DEFAULTS.maxDepth,
  maxArgs: ENTRY_POINT_DEFAULTS.maxArgs,
} as const;
