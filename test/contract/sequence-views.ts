import { isRecordSchema, itemSchema, type Schema, unionMember, withoutNull } from './schema-values';

/** The four sequences by family and format. */
export type SequenceKind = 'libB JSON' | 'libA JSON' | 'libB XML' | 'libA XML';

/** Decimal integer and number text, as the document describes the text forms (wire description). */
const INT_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number that `text` is in the form `pattern` allows, else `text` as it is. */
function numberOf(text: string, pattern: RegExp): number | string {
  return pattern.test(text) ? Number(text) : text;
}

/** What a scalar is read as: XML has only text, and libA JSON also takes numbers as strings. */
function scalarSeen(value: unknown, s: Schema, xml: boolean): unknown {
  if (xml ? value === null || typeof value === 'object' : typeof value !== 'string') return value;
  const numericEnum = Array.isArray(s.enum) && s.enum.every((v: unknown) => typeof v === 'number');
  const textEnum = Array.isArray(s.enum) && !numericEnum && s.type !== 'boolean';
  if (textEnum) return xml ? String(value) : value;
  // XML text is written with String(); every type but string is read trimmed.
  const text = xml ? String(value).trim() : (value as string);
  // libA JSON takes a numeric string with no white space around it, as the document says.
  if (numericEnum) return numberOf(text, NUMBER_TEXT);
  switch (s.type) {
    case 'integer':
      return numberOf(text, INT_TEXT);
    case 'number':
      return numberOf(text, NUMBER_TEXT);
    case 'boolean':
      if (text === 'true' || (xml && text === '1')) return true;
      if (text === 'false' || (xml && text === '0')) return false;
      return value;
    case 'string':
      // XML carries every scalar as text: a tuple's string position reads `true` as "true".
      if (!xml) return value;
      return s.format === 'date-time' ? text : String(value);
    default:
      return value;
  }
}

/** How a sequence reads: XML or JSON, and the document's schemas. */
interface View {
  readonly xml: boolean;
  readonly schemas: Record<string, Schema>;
}

/** An object as read: in XML a `null` field is absent, and a required nullable one absent is `null`. */
function objectSeen(value: Record<string, unknown>, s: Schema, view: View) {
  const out: Record<string, unknown> = {};
  // A record's value of null stands in XML as nil, where a field's is left out.
  const record = isRecordSchema(s);
  for (const [key, v] of Object.entries(value)) {
    const property = record ? s.additionalProperties : s.properties?.[key];
    if (!view.xml || v !== null || record) {
      // Defined, not assigned: a key `__proto__` stays a key.
      Object.defineProperty(out, key, {
        value: property ? valueSeen(v, property, view) : v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  if (!view.xml) return out;
  for (const key of s.required ?? []) {
    const property = s.properties?.[key];
    if (!(key in out) && property && withoutNull(property, view.schemas)[1]) out[key] = null;
  }
  return out;
}

function valueSeen(value: unknown, schema: Schema, view: View): unknown {
  const [core] = withoutNull(schema, view.schemas);
  // A union's value is read as the member its discriminator names.
  const s = unionMember(core, value, view.schemas) ?? core;
  if (Array.isArray(value)) {
    return s.type === 'array'
      ? value.map((item, i) => valueSeen(item, itemSchema(s, i), view))
      : value;
  }
  if (value !== null && typeof value === 'object') {
    return s.type === 'object' ? objectSeen(value as Record<string, unknown>, s, view) : value;
  }
  return scalarSeen(value, s, view.xml);
}

/**
 * The value that a sequence's reader sees for `value` as the test writes it, by the rules the
 * document states beside the schema: XML has no `null` (a `null` field is left out, a required
 * nullable field left out reads as `null`), carries every scalar as text (numbers in decimal,
 * booleans also as 1 and 0, white space around all but strings ignored), and libA JSON also takes
 * numbers, numeric enum values and booleans as strings. libB JSON sees the value as it is.
 */
export function seenBy(
  sequence: SequenceKind,
  value: unknown,
  { schema, schemas }: { schema: Schema; schemas: Record<string, Schema> },
): unknown {
  if (sequence === 'libB JSON') return value;
  return valueSeen(value, schema, { xml: sequence.endsWith('XML'), schemas });
}
