import fc from 'fast-check';

/** A JSON Schema object of the document. */
export type Schema = { [key: string]: any };

/** Follows `$ref` to the named schema, keeping nothing else of the referring schema but notes. */
export function resolve(schema: Schema, schemas: Record<string, Schema>): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  return resolve(schemas[schema.$ref.split('/').pop() as string] as Schema, schemas);
}

/**
 * The member of a discriminated union (`oneOf` with a `discriminator`) that a value's
 * discriminator names, or `undefined` where it names none or `schema` is no such union.
 */
export function unionMember(
  schema: Schema,
  value: unknown,
  schemas: Record<string, Schema>,
): Schema | undefined {
  if (!Array.isArray(schema.oneOf) || typeof value !== 'object' || value === null) return undefined;
  if (!schema.discriminator)
    return toldByValue(schema.oneOf, value as Record<string, unknown>, schemas);
  const tag = (value as Record<string, unknown>)[schema.discriminator.propertyName];
  const ref = typeof tag === 'string' ? schema.discriminator.mapping[tag] : undefined;
  return ref === undefined ? undefined : resolve({ $ref: ref }, schemas);
}

/**
 * The member of a `oneOf` told apart by a boolean or number (`ok: true`), which OpenAPI's
 * discriminator cannot name: the one whose single-valued members all hold the value's, by text.
 */
function toldByValue(
  members: Schema[],
  value: Record<string, unknown>,
  schemas: Record<string, Schema>,
): Schema | undefined {
  const fits = (member: Schema) =>
    Object.entries(member.properties ?? {}).every(([key, p]: [string, any]) => {
      if (!Array.isArray(p.enum) || p.enum.length !== 1 || typeof p.enum[0] === 'string')
        return true;
      const text = String(value[key]).trim();
      return (
        text === String(p.enum[0]) || (p.type === 'boolean' && text === (p.enum[0] ? '1' : '0'))
      );
    });
  const found = members.map((m) => resolve(m, schemas)).filter(fits);
  return found.length === 1 ? found[0] : undefined;
}

/** The schema without its `null` alternative, and whether it had one. */
export function withoutNull(schema: Schema, schemas: Record<string, Schema>): [Schema, boolean] {
  if (Array.isArray(schema.anyOf)) {
    const others = schema.anyOf.filter((s: Schema) => s.type !== 'null');
    if (others.length === 1 && others.length < schema.anyOf.length) {
      return [resolve(others[0], schemas), true];
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const type = schema.type.filter((t: string) => t !== 'null');
    const values = Array.isArray(schema.enum)
      ? { enum: schema.enum.filter((v: unknown) => v !== null) }
      : {};
    return [{ ...schema, ...values, type: type.length === 1 ? type[0] : type }, true];
  }
  return [resolve(schema, schemas), false];
}

/** Integers within the bounds: mostly small ones, sometimes a bound itself (±(2⁵³−1) included). */
function integerArb(s: Schema): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : s.minimum;
  const max = s.exclusiveMaximum !== undefined ? Math.ceil(s.exclusiveMaximum) - 1 : s.maximum;
  const low = Math.max(min ?? -1e6, -1e6);
  const high = Math.min(max ?? 1e6, 1e6);
  const small = low <= high ? fc.integer({ min: low, max: high }) : fc.constant(min as number);
  const ends = [min, max].filter((b): b is number => b !== undefined);
  if (ends.length === 0) return small;
  return fc.oneof(
    { arbitrary: small, weight: 4 },
    { arbitrary: fc.constantFrom(...ends), weight: 1 },
  );
}

/** Numbers within the bounds; half of them whole, which libA once named `int` (issue 12). */
function numberArb(s: Schema): fc.Arbitrary<number> {
  const inBounds = (n: number) =>
    (s.minimum === undefined || n >= s.minimum) &&
    (s.maximum === undefined || n <= s.maximum) &&
    (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) &&
    (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum);
  const any = fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    min: s.exclusiveMinimum ?? s.minimum ?? -1e9,
    max: s.exclusiveMaximum ?? s.maximum ?? 1e9,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
  });
  const whole = any.map((n) => (inBounds(Math.round(n)) ? Math.round(n) : n));
  return fc.oneof(any, whole);
}

/** Text that XML carries as it is: printable ASCII. */
const TEXT_UNIT = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

/** Values of each string format the runtime enforces, as ajv-formats takes them. */
const FORMAT_SAMPLES: Record<string, string[]> = {
  email: ['a@b', 'first.last@example.com', "o'h+t@x-y.z"],
  uuid: ['123e4567-e89b-12d3-a456-426614174000', 'urn:uuid:00000000-0000-0000-0000-00000000000A'],
  date: ['2024-02-29', '1999-12-31'],
  ipv4: ['127.0.0.1', '255.0.10.9'],
  hostname: ['localhost', 'a-b.example.com.'],
};

function stringArb(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'date-time') {
    const min = new Date('1900-01-01T00:00:00Z');
    const max = new Date('2200-01-01T00:00:00Z');
    return fc.date({ min, max, noInvalidDate: true }).map((d) => d.toISOString());
  }
  const samples = s.format === undefined ? undefined : FORMAT_SAMPLES[s.format];
  if (samples) return fc.constantFrom(...samples);
  const lengths = { minLength: s.minLength ?? 0, maxLength: s.maxLength ?? 8 };
  if (s.pattern === undefined) return fc.string({ unit: TEXT_UNIT, ...lengths });
  const fits = (t: string) => t.length >= lengths.minLength && t.length <= lengths.maxLength;
  return fc.stringMatching(new RegExp(s.pattern)).filter((t) => fits(t) && /^[ -~]*$/.test(t));
}

/** A record's schema: values of one schema under any key, and no named properties. */
export function isRecordSchema(s: Schema): boolean {
  return typeof s.additionalProperties === 'object' && s.properties === undefined;
}

/** The schema of a tuple's or an array's item at `index`. */
export function itemSchema(s: Schema, index: number): Schema {
  return s.prefixItems?.[index] ?? s.items;
}

/** Keys of records: text, and the keys that an object's prototype would take for its own. */
const KEY_ARB = fc.oneof(
  fc.string({ unit: TEXT_UNIT, maxLength: 4 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'a b', '1'),
);

/** A tuple: its required items, then some of the others (its prefix's, then rest items). */
function tupleArb(
  s: Schema,
  schemas: Record<string, Schema>,
  depth: number,
): fc.Arbitrary<unknown[]> {
  const max = s.maxItems ?? s.prefixItems.length + 2;
  return fc
    .integer({ min: s.minItems ?? 0, max })
    .chain((length) =>
      fc.tuple(...Array.from({ length }, (_, i) => valueArb(itemSchema(s, i), schemas, depth + 1))),
    );
}

/**
 * How deep values nest before only what a schema requires is drawn: a recursive type (a tree, a
 * thread) ends in an empty array, a `null` or a member left out.
 */
const DEEPEST = 4;

/** Values that the schema allows, sampled from the schema itself. */
export function valueArb(
  schema: Schema,
  schemas: Record<string, Schema>,
  depth = 0,
): fc.Arbitrary<unknown> {
  const [s, nullable] = withoutNull(schema, schemas);
  if (nullable && depth > DEEPEST) return fc.constant(null);
  const core = coreArb(s, schemas, depth);
  return nullable ? fc.oneof(core, fc.constant(null)) : core;
}

function coreArb(s: Schema, schemas: Record<string, Schema>, depth: number): fc.Arbitrary<unknown> {
  const deep = depth > DEEPEST;
  const inner = (schema: Schema) => valueArb(schema, schemas, depth + 1);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.oneOf)) return fc.oneof(...s.oneOf.map((m: Schema) => inner(m)));
  switch (s.type) {
    case 'integer':
      return integerArb(s);
    case 'number':
      return numberArb(s);
    case 'string':
      return stringArb(s);
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (Array.isArray(s.prefixItems)) return tupleArb(s, schemas, depth);
      if (deep && !s.minItems) return fc.constant([]);
      return fc.array(inner(s.items), {
        minLength: s.minItems ?? 0,
        maxLength: deep ? s.minItems : (s.maxItems ?? 3),
      });
    case 'object': {
      if (isRecordSchema(s)) {
        if (deep) return fc.constant({});
        return fc.dictionary(KEY_ARB, inner(s.additionalProperties), { maxKeys: 3 });
      }
      const required: string[] = s.required ?? [];
      const properties = Object.entries(s.properties ?? {}).filter(
        ([k]) => !deep || required.includes(k),
      );
      const record = Object.fromEntries(properties.map(([k, p]) => [k, inner(p as Schema)]));
      return fc.record(record, { requiredKeys: s.required ?? [] });
    }
    default:
      throw new Error(`no sampler for ${JSON.stringify(s)}`);
  }
}
