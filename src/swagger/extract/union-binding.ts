import { type SchemaModel } from '../schema-model';

/**
 * A union the runtime cannot tell apart by a value's own shape: `string | number` (XML text can
 * be either), `Circle | Square` without a literal member (tried member by member, it would cost
 * one pass per member at each level of nesting), a primitive beside an object where it travels
 * as a root or an item (its libA name would depend on the value).
 */
export const UNTOLD_UNION =
  "is a union whose members no literal member tells apart, which the runtime cannot bind: give each member an object type with a required member of its own literals, all strings, all numbers or all booleans, such as kind: 'circle' or ok: true (a primitive beside one object type binds only as a field)";

/** The finding for a union of scalars, which a literal member cannot tell apart: all are text. */
export const SCALAR_UNION =
  'is a union of values that XML carries alike, as text (string | number, Date | string), which the runtime cannot tell apart: write one type for them (string, read in the method), or a discriminated union of objects';

type Union = Extract<SchemaModel, { kind: 'union' }>;

/** What a member is to a reader: a primitive or set, an object, or neither. */
function shapeOf(member: SchemaModel, named: ReadonlyMap<string, SchemaModel>) {
  const target = member.kind === 'ref' ? named.get(member.name) : member;
  if (target?.kind === 'primitive' || target?.kind === 'enum') return 'scalar';
  if (target?.kind === 'object' && !target.additional) return 'object';
  if (target?.kind !== 'union') return 'other';
  // Literal sets of several types are one set to the runtime.
  if (target.members.every((m) => m.kind === 'enum')) return 'scalar';
  return target.discriminator ? 'object' : 'other';
}

/**
 * Why the runtime cannot bind a union with a contract, or `undefined` where it binds it: told
 * apart by a literal member, literal sets only (one set), or, as a field, one primitive beside one
 * object type (told apart by shape: a JSON object, an XML element with elements inside).
 */
export function untoldUnion(
  union: Union,
  named: ReadonlyMap<string, SchemaModel>,
  inField: boolean,
): string | undefined {
  if (union.discriminator || union.members.every((m) => m.kind === 'enum')) return undefined;
  const shapes = union.members.map((m) => shapeOf(m, named)).sort();
  if (shapes.every((shape) => shape === 'scalar')) return SCALAR_UNION;
  const told = inField && shapes.length === 2 && shapes[0] === 'object' && shapes[1] === 'scalar';
  return told ? undefined : UNTOLD_UNION;
}
