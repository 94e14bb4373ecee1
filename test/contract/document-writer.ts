import { isRecordSchema, itemSchema, type Schema, unionMember, withoutNull } from './schema-values';
import { type SequenceKind } from './sequence-views';
import { escapeText, NIL } from './xml-writer';

/** A body or an answer as the OpenAPI 3.1 document describes it for every sequence. */
export interface Described {
  /** The schema of `application/xml`, with the element names. */
  readonly xml: Schema;
  /** The libA JSON wrapper name: the first property of the libA branch of `application/json`. */
  readonly libAWrapper: string;
}

/** The description of a request body's or response's `content`. */
export function describedIn(content: Schema): Described {
  const libA = content['application/json'].schema.anyOf?.[1];
  const wrapper = libA?.required?.[0] ?? Object.keys(libA?.properties ?? {})[0];
  return { xml: content['application/xml'].schema, libAWrapper: wrapper };
}

/**
 * The element name of a root or an array item as the document gives it: `xml.name` for libA;
 * for libB, `x-libB-xml-name` where a class's own name differs from its alias.
 */
export function typeName(schema: Schema, schemas: Record<string, Schema>, libB: boolean): string {
  const [target] = withoutNull(schema, schemas);
  const libA = schema.xml?.name ?? target.xml?.name;
  return libB ? (schema['x-libB-xml-name'] ?? target['x-libB-xml-name'] ?? libA) : libA;
}

/** `value` as XML by the document's names: fields by their names, `null` left out. */
function xmlOf(
  { value, schema, name }: { value: unknown; schema: Schema; name: string },
  context: XmlContext,
): string {
  if (value === null || value === undefined) return '';
  const [core] = withoutNull(schema, context.schemas);
  const s = unionMember(core, value, context.schemas) ?? core;
  if (Array.isArray(value)) {
    const items = value.map((v, i) => {
      const at = itemSchema(s, i);
      return standing(
        { value: v, schema: at, name: typeName(at, context.schemas, context.libB) },
        context,
      );
    });
    return `<${name}>${items.join('')}</${name}>`;
  }
  if (typeof value === 'object' && isRecordSchema(s)) {
    const entries = Object.entries(value).map(([key, v]) => {
      const inner = standing({ value: v, schema: s.additionalProperties, name: 'value' }, context);
      return `<entry><key>${escapeText(key)}</key>${inner}</entry>`;
    });
    return `<${name}>${entries.join('')}</${name}>`;
  }
  if (typeof value === 'object') {
    const fields = Object.entries(value).map(([key, v]) => {
      const property = s.properties[key];
      return xmlOf({ value: v, schema: property, name: property.xml?.name ?? key }, context);
    });
    return `<${name}>${fields.join('')}</${name}>`;
  }
  return `<${name}>${escapeText(String(value))}</${name}>`;
}

/** A value whose element must stand even for `null` (an item, a record's value, a root): nil. */
function standing(written: { value: unknown; schema: Schema; name: string }, context: XmlContext) {
  return written.value === null ? `<${written.name} ${NIL}/>` : xmlOf(written, context);
}

interface XmlContext {
  readonly schemas: Record<string, Schema>;
  readonly libB: boolean;
}

/** A value, what the document says of it, and the document's schemas. */
interface Written {
  readonly described: Described;
  readonly value: unknown;
  readonly schemas: Record<string, Schema>;
}

/**
 * `value` written as the document says `sequence` writes it: JSON as it is (libB) or in its libA
 * wrapper, XML with the element names of the document.
 */
export function writeAsDescribed(
  sequence: SequenceKind,
  { described, value, schemas }: Written,
): string {
  if (sequence === 'libB JSON') return JSON.stringify(value);
  if (sequence === 'libA JSON') {
    return `{${JSON.stringify(described.libAWrapper)}:${JSON.stringify(value)}}`;
  }
  const libB = sequence === 'libB XML';
  const root = typeName(described.xml, schemas, libB);
  return standing({ value, schema: described.xml, name: root }, { schemas, libB });
}

/** An RMC body of argument texts: a JSON array, or a `paramArray` element. */
export function rmcBody(sequence: SequenceKind, texts: readonly string[]): string {
  return sequence.endsWith('XML')
    ? `<paramArray>${texts.join('')}</paramArray>`
    : `[${texts.join(',')}]`;
}
