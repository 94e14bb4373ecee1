import { EMIT_METADATA_HINT, hasEmittedTypes } from './compiler-flags';
import { type RemoteMethodOptions } from './method';
import { type TypeRef, toTypeRef } from './types';

/**
 * How many leading parameters a call must give: those before the first with a default value, as
 * the function's `length` counts them (`name?: T` is erased by TypeScript, so only a default value
 * or the build's contract says so). A rest parameter, as in another decorator's wrapper
 * `(...args) => …`, hides the count, and then every parameter is required.
 */
export function requiredOf(fn: Function, count: number): number {
  const source = Function.prototype.toString.call(fn);
  const head = source.slice(0, source.indexOf(')') + 1);
  return head.includes('...') ? count : Math.min(fn.length, count);
}

/** Where a remote method's types come from: its prototype, name, options and arity. */
export interface ParamSource {
  readonly target: object;
  readonly key: string;
  readonly options: RemoteMethodOptions;
  readonly arity: number;
  /** The class name, for messages. */
  readonly owner: string;
}

/** The parameter types of a remote method: its `params` option, else what TypeScript emitted. */
export function paramTypes({ target, key, options, arity, owner }: ParamSource): TypeRef[] {
  const emitted: unknown[] = Reflect.getMetadata('design:paramtypes', target, key) ?? [];
  const specs: readonly unknown[] = options.params ?? emitted;
  if (specs.length === 0 && arity > 0) {
    const why = hasEmittedTypes(target, key) ? '' : `${EMIT_METADATA_HINT}, or `;
    throw new TypeError(
      `portico: ${owner}.${key} has parameters but no types: ${why}give { params: [...] }`,
    );
  }
  return specs.map((spec, i) => {
    const type = toTypeRef(spec);
    if (!type) throw new TypeError(noRuntimeType({ owner, key }, i, spec));
    return type;
  });
}

/**
 * TypeScript emits `Object` for a union, `any`, an interface or a type alias, and for the
 * implementation signature of an overloaded method: the message names all of them.
 */
function noRuntimeType(
  { owner, key }: Pick<ParamSource, 'owner' | 'key'>,
  index: number,
  spec: unknown,
): string {
  const emitted = typeof spec === 'function' ? spec.name : String(spec);
  return (
    `portico: parameter ${index} of ${owner}.${key} has no usable runtime type (TypeScript emitted ${emitted}` +
    ' for a union, any, an interface, or the implementation of an overloaded method): give' +
    ' { params: [...] }; an overloaded method cannot be remote, give each signature a name of its own'
  );
}

/** The result type of a remote method: its `returns` option, else what TypeScript emitted. */
export function returnType(target: object, key: string, options: RemoteMethodOptions) {
  if (options.returns === 'void') return null;
  if (options.returns !== undefined) {
    const type = toTypeRef(options.returns);
    if (!type) throw new TypeError(`portico: the returns option of ${key} is not a type`);
    return type;
  }
  const emitted: unknown = Reflect.getMetadata('design:returntype', target, key);
  if (emitted === undefined && Reflect.hasMetadata('design:returntype', target, key)) return null;
  return toTypeRef(emitted);
}
