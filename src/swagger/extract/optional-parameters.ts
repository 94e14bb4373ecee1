import { type ts } from 'ts-morph';
import { type Converter } from './converter';
import { locationOf } from './source-text';

/**
 * How many leading parameters a call must give, as the runtime counts them (the function's
 * `length`): those before the first with a default value.
 */
export function requiredCount(parameters: readonly ts.ParameterDeclaration[]): number {
  const first = parameters.findIndex((p) => p.initializer !== undefined);
  return first === -1 ? parameters.length : first;
}

/**
 * Warns for each parameter that its type makes optional (`name?: T`) but the runtime requires:
 * TypeScript erases the `?`, and only a default value survives into the compiled method. The
 * document follows the runtime and describes the parameter as required.
 */
export function checkErasedOptional(
  converter: Converter,
  parameters: readonly ts.ParameterDeclaration[],
  label: string,
): void {
  const required = requiredCount(parameters);
  parameters.slice(0, required).forEach((parameter) => {
    if (!parameter.questionToken) return;
    const name = parameter.name.getText();
    converter.report({
      severity: 'warning',
      message: `${label}(${name}) is optional in its type, but TypeScript erases the ?, so the runtime requires it and the document says so: give it a default value (${name} = …) to make it optional on the wire`,
      location: locationOf(parameter),
    });
  });
}
