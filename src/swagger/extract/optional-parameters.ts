import { type ts } from 'ts-morph';
import { type Converter } from './converter';
import { locationOf } from './source-text';

/**
 * How many leading parameters a call must give: those before the first with a default value,
 * as the runtime counts them (the function's `length`), or, where the build writes a contract
 * that carries the count (docs/design-contract.md), before the first that is optional (`name?: T`).
 */
export function requiredCount(
  parameters: readonly ts.ParameterDeclaration[],
  contract: boolean,
): number {
  const first = parameters.findIndex(
    (p) => p.initializer !== undefined || (contract && p.questionToken !== undefined),
  );
  return first === -1 ? parameters.length : first;
}

/**
 * Warns, without a contract, for each parameter that its type makes optional (`name?: T`) but the
 * runtime requires: TypeScript erases the `?`, and only a default value survives into the
 * compiled method. The document follows the runtime and describes the parameter as required.
 */
export function checkErasedOptional(
  converter: Converter,
  parameters: readonly ts.ParameterDeclaration[],
  label: string,
): void {
  if (converter.typesAreContract) return;
  const required = requiredCount(parameters, false);
  parameters.slice(0, required).forEach((parameter) => {
    if (!parameter.questionToken) return;
    const name = parameter.name.getText();
    converter.report({
      severity: 'warning',
      message: `${label}(${name}) is optional in its type, but TypeScript erases the ?, so the runtime requires it and the document says so: give it a default value (${name} = …), or write a contract (generate-swagger --contract), to make it optional on the wire`,
      location: locationOf(parameter),
    });
  });
}

/**
 * Whether a `@Field` member written `name?: T` or `name: T | undefined` is required on the wire:
 * without a contract the runtime learns optional only from `@Field({ optional: true })`, as
 * TypeScript erases the `?` and the type. Warns where so, in the words of what was written; the
 * document follows the runtime and lists the member as required.
 */
export function fieldOptionalErased(
  converter: Converter,
  {
    declared,
    site,
    question,
  }: { declared: boolean; site: { node: ts.Node; label: string }; question: boolean },
): boolean {
  if (converter.typesAreContract || !declared) return false;
  const erased = question
    ? 'TypeScript erases the ?'
    : 'TypeScript erases its type (T | undefined)';
  converter.report({
    severity: 'warning',
    message: `${site.label} is optional in its type, but ${erased}, so the runtime requires it and the document says so: write @Field({ optional: true }), or build with --contract`,
    location: locationOf(site.node),
  });
  return true;
}
