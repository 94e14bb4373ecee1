import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { locationOf } from './source-text';
import { bindsUnion, UNTOLD_UNION } from './union-binding';

/** The words every warning of this check ends with. */
export const CANNOT_BIND =
  'which the runtime cannot bind (it binds Int, Number, String, Boolean, Date, enums, arrays and classes with @Field)';

/** The words of the same finding with a contract, which binds every object type. */
export const CONTRACT_CANNOT_BIND =
  'which the runtime cannot bind yet: use an interface or class with named members, a record, or an array of one';

/** Why a schema cannot be an argument, or `undefined` where the runtime binds it. */
function problemOf(
  schema: SchemaModel,
  contract: boolean,
  union: (schema: Extract<SchemaModel, { kind: 'union' }>) => boolean,
): string | undefined {
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
      if (!contract) return 'is a union of several types';
      return union(schema) ? undefined : UNTOLD_UNION;
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
  // `inField`: the value is a member of an object, whose element the member's name names.
  const visit = (current: SchemaModel, path: string, inField: boolean, typeName?: string) => {
    if (current.kind === 'ref') {
      const target = named.get(current.name);
      const key = `${current.name}:${inField}`;
      if (target && !seen.has(key)) {
        seen.add(key);
        visit(target, path, inField, current.name);
      }
      return;
    }
    if (current.kind === 'array') {
      visit(current.items, `${path}[]`, false);
      return;
    }
    const union = (u: Extract<SchemaModel, { kind: 'union' }>) => bindsUnion(u, named, inField);
    const problem = problemOf(current, converter.typesAreContract, union);
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
      for (const p of current.properties) visit(p.schema, `${path}.${p.name}`, true);
      if (current.additional) visit(current.additional, `${path}[key]`, false);
    }
    if (current.kind === 'tuple') {
      for (const [i, item] of current.items.entries()) visit(item, `${path}[${i}]`, false);
      if (current.rest) visit(current.rest, `${path}[rest]`, false);
    }
    if (current.kind === 'union') for (const m of current.members) visit(m, path, false);
  };
  visit(schema, site.label, false);
}
