import { type SchemaModel } from '../model';
import { type Converter, type Site } from './converter';
import { locationOf } from './source-text';

/** The words every warning of this check ends with. */
export const CANNOT_BIND =
  'which the runtime cannot bind (it binds Int, Number, String, Boolean, Date, enums, arrays and classes with @Field)';

/** The words of the same finding with a contract, which binds every object type. */
export const CONTRACT_CANNOT_BIND =
  'which the runtime cannot bind yet: use an interface or class with named members, a record, or an array of one';

/**
 * A union the runtime cannot tell apart by a value's own shape: `string | number` (XML text can
 * be either), `Circle | Square` without a literal member (tried member by member, it would cost
 * one pass per member at each level of nesting).
 */
const UNTOLD_UNION =
  "is a union whose members no literal member tells apart, which the runtime cannot bind: give each member an object type with a required member of its own literals, such as kind: 'circle'";

/** Why a schema cannot be an argument, or `undefined` where the runtime binds it. */
function problemOf(schema: SchemaModel, contract: boolean): string | undefined {
  switch (schema.kind) {
    case 'object':
      if (contract && schema.narrowKeys) {
        return 'has an index signature whose keys are not every string (a number or a pattern)';
      }
      if (schema.additional && (!contract || schema.properties.length > 0)) {
        return contract
          ? 'has both members and an index signature'
          : 'is a record (index signature)';
      }
      return schema.declaredFields || contract
        ? undefined
        : 'is an interface, a type literal or a class without @Field';
    case 'union':
      if (contract && (schema.discriminator || schema.members.every((m) => m.kind === 'enum'))) {
        return undefined;
      }
      return contract ? UNTOLD_UNION : 'is a union of several types';
    case 'tuple':
      return contract ? undefined : 'is a tuple';
    case 'intersection':
      return 'is an intersection';
    default:
      return undefined;
  }
}

/**
 * Warns, with the parameter's file:line, for every part of an argument's type that the document
 * describes but the runtime cannot bind: the call would fail however the caller fills it.
 */
export function checkBindable(converter: Converter, schema: SchemaModel, site: Site): void {
  const named = new Map(converter.registry.schemas().map((s) => [s.name, s.schema]));
  const seen = new Set<string>();
  const visit = (current: SchemaModel, path: string, typeName?: string): void => {
    if (current.kind === 'ref') {
      const target = named.get(current.name);
      if (target && !seen.has(current.name)) {
        seen.add(current.name);
        visit(target, path, current.name);
      }
      return;
    }
    if (current.kind === 'array') {
      visit(current.items, `${path}[]`);
      return;
    }
    const problem = problemOf(current, converter.typesAreContract);
    if (problem) {
      const what = typeName ? `${path} (${typeName})` : path;
      converter.report({
        severity: converter.typesAreContract ? 'error' : 'warning',
        message:
          problem === UNTOLD_UNION
            ? `${what} ${problem}`
            : `${what} ${problem}, ${converter.typesAreContract ? CONTRACT_CANNOT_BIND : CANNOT_BIND}`,
        location: locationOf(site.node),
      });
      return;
    }
    if (current.kind === 'object') {
      for (const p of current.properties) visit(p.schema, `${path}.${p.name}`);
      if (current.additional) visit(current.additional, `${path}[key]`);
    }
    if (current.kind === 'tuple') {
      for (const [i, item] of current.items.entries()) visit(item, `${path}[${i}]`);
      if (current.rest) visit(current.rest, `${path}[rest]`);
    }
    if (current.kind === 'union') for (const m of current.members) visit(m, path);
  };
  visit(schema, site.label);
}
