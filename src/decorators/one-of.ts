/** The key under which a {@link OneOf} spec carries its values. */
export const ONE_OF: unique symbol = Symbol.for('portico.oneOf');

/** A value of an enum or of a literal set. */
export type EnumValue = string | number;

/** A type spec standing for a fixed set of values; made by {@link OneOf}. */
export interface OneOfSpec {
  readonly [ONE_OF]: readonly EnumValue[];
}

/**
 * The values of a TypeScript enum object in declaration order: the reverse entries that numeric
 * members add (`0 → 'Low'`) are left out.
 */
function enumValues(source: Record<string, unknown>): EnumValue[] {
  const values: EnumValue[] = [];
  for (const [key, value] of Object.entries(source)) {
    const reverse = typeof value === 'string' && String(source[value]) === key;
    if (typeof value === 'number' || (typeof value === 'string' && !reverse)) values.push(value);
  }
  return values;
}

/**
 * A type spec for a field or parameter that takes one of a fixed set of values: a TypeScript enum
 * (`OneOf(Status)`) or a list of literals (`OneOf(CURRENCIES)` with
 * `const CURRENCIES = ['EUR', 'USD'] as const`). Any other value is refused with a 400.
 *
 * @example
 * const CURRENCIES = ['EUR', 'USD'] as const;
 * type Currency = (typeof CURRENCIES)[number];
 * class Price {
 *   @Field(OneOf(CURRENCIES)) currency!: Currency;
 *   @Field(OneOf(Status)) status!: Status;
 * }
 */
export function OneOf(source: object | readonly EnumValue[]): OneOfSpec {
  const values = Array.isArray(source)
    ? [...(source as readonly unknown[])]
    : enumValues(source as Record<string, unknown>);
  if (values.length === 0) throw new TypeError('portico: OneOf needs at least one value');
  for (const value of values) {
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
      throw new TypeError(`portico: OneOf takes strings and finite numbers, not ${String(value)}`);
    }
  }
  return Object.freeze({ [ONE_OF]: Object.freeze(values as EnumValue[]) });
}

/** True for a spec made by {@link OneOf}. */
export function isOneOfSpec(spec: unknown): spec is OneOfSpec {
  return typeof spec === 'object' && spec !== null && ONE_OF in spec;
}
