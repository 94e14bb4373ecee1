import { isRecordSchema, itemSchema, type Schema, unionMember, withoutNull } from './schema-values';

/** Text escaped as XML character data, written apart from the runtime's escaper on purpose. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** XML Schema's nil, with its prefix declared: a `null` where an element must stand. */
export const NIL = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"';

/**
 * `value` as an XML element named `name`: array and tuple items as `<item>` (nil for `null`), a
 * record (where `schema` says one is) as an `<entry>` per key, an object's `null` field left out.
 */
export function toXml(
  name: string,
  value: unknown,
  schema?: Schema,
  schemas: Record<string, Schema> = {},
): string {
  if (value === null || value === undefined) return '';
  const core = schema && withoutNull(schema, schemas)[0];
  // A union's value is written as the member its discriminator names.
  const s = core && (unionMember(core, value, schemas) ?? core);
  const inside = (n: string, v: unknown, at: Schema | undefined) =>
    v === null ? `<${n} ${NIL}/>` : toXml(n, v, at, schemas);
  if (Array.isArray(value)) {
    const items = value.map((v, i) => inside('item', v, s && itemSchema(s, i)));
    return `<${name}>${items.join('')}</${name}>`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    const fields =
      s && isRecordSchema(s)
        ? entries.map(
            ([k, v]) =>
              `<entry><key>${escapeText(k)}</key>${inside('value', v, s.additionalProperties)}</entry>`,
          )
        : entries.map(([k, v]) => toXml(k, v, s?.properties?.[k], schemas));
    return `<${name}>${fields.join('')}</${name}>`;
  }
  return `<${name}>${escapeText(String(value))}</${name}>`;
}
