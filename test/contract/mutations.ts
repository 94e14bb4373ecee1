import {
  isRecordSchema,
  itemSchema,
  resolve,
  type Schema,
  unionMember,
  withoutNull,
} from './schema-values';

/** A place in a value where a mutation can go: an object's property, or an array's item. */
interface Spot {
  readonly parent: Record<string, unknown> | unknown[];
  readonly key: string | number;
  readonly schema: Schema;
}

/** Every object in `value` with its schema, and every property and item as a {@link Spot}. */
function spotsOf(value: unknown, schema: Schema, schemas: Record<string, Schema>) {
  const spots: Spot[] = [];
  const objects: [Record<string, unknown>, Schema][] = [];
  const walk = (v: unknown, s: Schema) => {
    const [found] = withoutNull(s, schemas);
    const core = unionMember(found, v, schemas) ?? found;
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        spots.push({ parent: v, key: i, schema: itemSchema(core, i) });
        walk(item, itemSchema(core, i));
      });
    } else if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      objects.push([record, core]);
      // A record's every key holds a value of its one schema.
      const properties = isRecordSchema(core)
        ? Object.keys(record).map((key) => [key, core.additionalProperties])
        : Object.entries(core.properties ?? {});
      for (const [key, property] of properties) {
        if (!(key in record)) continue;
        spots.push({ parent: record, key, schema: property as Schema });
        walk(record[key], property as Schema);
      }
    }
  };
  walk(value, schema);
  return { spots, objects };
}

/** Values near or beyond what `schema` allows, each one that XML carries as JSON does. */
function badValues(schema: Schema, schemas: Record<string, Schema>): unknown[] {
  const [s] = withoutNull(resolve(schema, schemas), schemas);
  const bounds = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter(
    (b) => b !== undefined,
  ) as number[];
  // Strings of numbers and booleans: libA JSON and XML take some of them (the wire description).
  if (Array.isArray(s.enum)) return ['BOGUS', 3, 'RED', 2, '2', ' 5', '2.0'];
  switch (s.type) {
    case 'integer':
      return [
        1.5,
        'BOGUS',
        '7',
        '+7',
        '7.0',
        ' 7 ',
        '1e3',
        ...bounds.flatMap((b) => [b - 1, b, b + 1]),
      ];
    case 'number':
      return [
        'BOGUS',
        '2.5',
        '.5',
        '-1e-3',
        ' 1.5',
        '0x10',
        ...bounds.flatMap((b) => [b - 0.5, b, b + 0.5]),
      ];
    case 'boolean':
      return ['yes', 'true', 'false', 1, 0, '1', ' true'];
    case 'array':
      return [[], 'BOGUS'];
    case 'object':
      return ['BOGUS'];
    default:
      if (s.format === 'date-time') {
        return [
          '2024-05-06',
          '2024-05-06T07:08',
          '2024-02-30T00:00:00Z',
          '2024-05-06T07:08:09+02:00',
          '2024-05-06T24:00:00Z',
          ' 2024-05-06T07:08:09Z',
          // A leap second is second 60 of 23:59 in UTC, and nowhere else.
          '2016-12-31T23:59:60Z',
          '2016-12-31T23:59:60.5+00:00',
          '2017-01-01T00:59:60+01:00',
          '2016-12-31T23:59:60+01:00',
          '2024-05-06T12:00:60Z',
        ];
      }
      if (s.format !== undefined) {
        return ['', 'b', 'a@b..c', '@b', 'a@-b', '2023-02-29', '1.2.3.04', 'a..b', 'x'.repeat(64)];
      }
      return [
        '',
        'b',
        'Abc',
        'x'.repeat((s.maxLength ?? 8) + 1),
        'a'.repeat(Math.max((s.minLength ?? 1) - 1, 0)),
      ];
  }
}

/**
 * A copy of `value` with one change chosen by `pick` and `choice`: a property or item replaced by
 * a value near a limit, `null` in a property, a property removed, an unknown one added, an array
 * grown past its items.
 */
export function mutate(
  value: unknown,
  schema: Schema,
  schemas: Record<string, Schema>,
  [pick, choice]: readonly [number, number],
): unknown {
  const copy = structuredClone(value);
  const { spots, objects } = spotsOf(copy, schema, schemas);
  const kind = choice % 4;
  if (kind === 0 && objects.length > 0) {
    const [object] = objects[pick % objects.length]!;
    object.zzUnknown = 1;
  } else if (kind === 1 && spots.length > 0) {
    const spot = spots[pick % spots.length]!;
    if (Array.isArray(spot.parent)) spot.parent.push(spot.parent[spot.key as number]);
    else delete spot.parent[spot.key];
  } else if (kind === 2 && spots.some((s) => !Array.isArray(s.parent))) {
    const properties = spots.filter((s) => !Array.isArray(s.parent));
    const spot = properties[pick % properties.length]!;
    (spot.parent as Record<string, unknown>)[spot.key] = null;
  } else if (spots.length > 0) {
    const spot = spots[pick % spots.length]!;
    const bad = badValues(spot.schema, schemas);
    (spot.parent as Record<string | number, unknown>)[spot.key] = bad[(choice >> 2) % bad.length];
  }
  return copy;
}

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
