import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { walkSchema } from './schema-walk';
import { locationOf } from './source-text';
import { SCALAR_UNION, UNTOLD_UNION, untoldUnion } from './union-binding';

/** The words every warning of this check ends with. */
export const CANNOT_BIND =
  'which the runtime cannot bind without a contract (it binds Int, Number, String, Boolean, Date, enums, arrays and classes with @Field): build with --contract';

/** The words of the same finding with a contract, which binds every object type. */
export const CONTRACT_CANNOT_BIND =
  'which the runtime cannot bind yet: use an interface or class with named members, a record, or an array of one';

/** Why a schema cannot be an argument, or `undefined` where the runtime binds it. */
function problemOf(
  schema: SchemaModel,
  contract: boolean,
  union: (schema: Extract<SchemaModel, { kind: 'union' }>) => string | undefined,
): string | undefined {
  switch (schema.kind) {
    case 'object':
      if (contract && schema.narrowKeys) {
        return 'has an index signature whose keys are not every string (a number or a pattern)';
      }
      // `object`, `{}` and an empty interface: the runtime binds an object by its members.
      if (contract && schema.properties.length === 0 && !schema.additional) {
        return 'has no members';
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
      return union(schema);
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
  const { named } = converter.registry;
  walkSchema(schema, named, site.label, (current, { path, inField, typeName }) => {
    const union = (u: Extract<SchemaModel, { kind: 'union' }>) => untoldUnion(u, named, inField);
    const problem = problemOf(current, converter.typesAreContract, union);
    if (!problem) return true;
    // A type without a name of its own (`Partial<Mixed>`) as written; a type literal is where
    // the file:line points.
    const text = current.kind === 'object' ? current.typeText : undefined;
    const shown = typeName ?? (text?.startsWith('{') ? undefined : text);
    const what = shown ? `${path} (${shown})` : path;
    converter.report({
      severity: converter.typesAreContract ? 'error' : 'warning',
      message:
        problem === UNTOLD_UNION || problem === SCALAR_UNION
          ? `${what} ${problem}`
          : `${what} ${problem}, ${converter.typesAreContract ? CONTRACT_CANNOT_BIND : CANNOT_BIND}`,
      location: locationOf(site.node),
    });
    return false;
  });
}
