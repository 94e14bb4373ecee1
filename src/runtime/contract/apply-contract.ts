import path from 'node:path';
import { classMeta, findClassMeta, type MethodMeta } from '../../decorators/metadata';
import { type Class } from '../../decorators/types';
import { type NativeAppDefinition } from '../../microservices';
import { type ContractMethod } from './contract-format';
import { createTypeResolver, type TypeResolver } from './contract-types';
import { type LoadedContract } from './read-contract';

function classFinder(loaded: LoadedContract): (name: string) => Class | undefined {
  return (name) => {
    const where = loaded.contract.classes[name];
    if (!where) return undefined;
    const exports = require(path.resolve(loaded.dir, where.module)) as Record<string, unknown>;
    const found = exports[where.name];
    return typeof found === 'function' ? (found as Class) : undefined;
  };
}

function typedMethod(old: MethodMeta, types: ContractMethod, resolver: TypeResolver): MethodMeta {
  const where = `${types.service}.${types.method}`;
  const { problem: _, ...rest } = old;
  return {
    ...rest,
    params: types.params.map((p, i) => resolver.typeOf(p, `parameter ${i} of ${where}`)),
    required: types.required,
    returns: types.result === 'void' ? null : resolver.typeOf(types.result, `result of ${where}`),
    // A declaration in the decorator wins over what the build inferred (docs/design-context.md).
    ...(old.callContext === undefined && types.callContext
      ? { callContext: types.callContext }
      : {}),
  };
}

/**
 * Types the remote methods of `definitions` from the contract: each method the contract lists
 * takes its parameter and result types from it, and the classes it reaches take their fields.
 * Methods it does not list keep what their decorators say. Returns how many methods it typed.
 */
export function applyContract(
  loaded: LoadedContract,
  definitions: readonly NativeAppDefinition[],
): number {
  const { contract } = loaded;
  const resolver = createTypeResolver({ schemas: contract.schemas, classOf: classFinder(loaded) });
  let typed = 0;
  for (const definition of definitions) {
    for (const service of definition.services) {
      // Left to the registry, which refuses it by its place.
      if (service === undefined || service === null) continue;
      const ctor = (typeof service === 'function' ? service : service.constructor) as Class;
      const name = findClassMeta(ctor)?.service?.name;
      if (name === undefined) continue;
      const own = contract.methods.filter((m) => m.service === name);
      const here = own.filter((m) => m.microservice === definition.name);
      const methods = classMeta(ctor).methods;
      for (const types of here.length > 0 ? here : own) {
        const old = methods.get(types.method);
        if (!old) continue;
        methods.set(types.method, typedMethod(old, types, resolver));
        typed++;
      }
    }
  }
  return typed;
}
