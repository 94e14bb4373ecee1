import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Scope, unsupported } from './converter';
import { UNSUPPORTED_REASONS } from './unsupported-reasons';

/**
 * The type parameter behind a method's result where TypeScript awaits it: `T | null` as the result
 * of a method of a generic class reads `Awaited<T> | null`, whose `Awaited<T>` is `T` to the user.
 */
function awaitedParameter(type: ts.Type): ts.TypeParameter | undefined {
  const [argument] = type.aliasSymbol?.name === 'Awaited' ? (type.aliasTypeArguments ?? []) : [];
  return argument && argument.flags & ts.TypeFlags.TypeParameter
    ? (argument as ts.TypeParameter)
    : undefined;
}

/** What to write for a type parameter of a class or interface, or of a method. */
function insteadOf(type: ts.TypeParameter): string {
  const owner = type.symbol?.declarations?.[0]?.parent;
  if (owner && ts.isClassDeclaration(owner) && owner.name) {
    const name = owner.name.text;
    const parameter = type.symbol.name;
    return `write the type it stands for: ${parameter} is a type parameter of class ${name}, which a served instance leaves unbound; serve a class that extends ${name}<…> with a type argument for ${parameter}, and declare the remote methods there`;
  }
  return UNSUPPORTED_REASONS.typeParameter.instead;
}

/**
 * A type parameter left unbound where a value is read or answered (`T`, `Awaited<T>`, `this`): the
 * build's finding, naming the type as the user wrote it and what to write instead.
 */
export function unboundParameter(scope: Scope, type: ts.Type): SchemaModel | undefined {
  const parameter =
    type.flags & ts.TypeFlags.TypeParameter ? (type as ts.TypeParameter) : awaitedParameter(type);
  if (!parameter) return undefined;
  if ((parameter as { isThisType?: boolean }).isThisType) {
    return unsupported(scope, parameter, 'thisType');
  }
  return unsupported(scope, parameter, 'typeParameter', insteadOf(parameter));
}
