import { classMeta } from './metadata';
import { assertName } from './service';
import { type TypeRef, type TypeSpec, toTypeRef } from './types';

/** Options of {@link RemoteMethod} and {@link ApiOperation}. */
export interface RemoteMethodOptions {
  /** Parameter types, where TypeScript's emitted ones are not precise (`Int`, `[Item]`). */
  params?: readonly TypeSpec[];
  /** The result type, where TypeScript's is not precise (`Int`, `Promise<T>`); `'void'` for none. */
  returns?: TypeSpec | 'void';
  /** A privileged method refuses calls that the permission resolver did not grant (403). */
  privileged?: boolean;
}

/**
 * Marks a method of a `@RemoteService` class as remotely callable and records its parameter and
 * result types.
 *
 * @example
 * @RemoteMethod({ params: [Int, Int], returns: Int })
 * mulOne(a: number, b: number): number { return a * b; }
 */
export function RemoteMethod(options: RemoteMethodOptions = {}): MethodDecorator {
  return (target, key, descriptor) => {
    defineMethod(target, key, descriptor, options, undefined);
  };
}

/**
 * Includes a method in the API description with a text, and makes it remotely callable as
 * `@RemoteMethod` does.
 */
export function ApiOperation(
  description: string,
  options: RemoteMethodOptions = {},
): MethodDecorator {
  return (target, key, descriptor) => {
    defineMethod(target, key, descriptor, options, description);
  };
}

function defineMethod(
  target: object,
  key: string | symbol,
  descriptor: PropertyDescriptor,
  options: RemoteMethodOptions,
  description: string | undefined,
): void {
  if (typeof key !== 'string' || typeof target === 'function') {
    throw new TypeError('portico: only instance methods with string names can be remote');
  }
  assertName('method', key);
  const fn = descriptor.value;
  if (typeof fn !== 'function') throw new TypeError(`portico: ${key} is not a method`);
  const ctor = (target as { constructor: Function }).constructor;
  const meta = classMeta(ctor);
  if (meta.methods.has(key)) throw new TypeError(`portico: method ${key} is declared twice`);
  meta.methods.set(key, {
    name: key,
    params: paramTypes(target, key, options, fn.length),
    returns: returnType(target, key, options),
    privileged: options.privileged ?? false,
    fn,
    ...(description === undefined ? {} : { description }),
  });
}

function paramTypes(
  target: object,
  key: string,
  options: RemoteMethodOptions,
  arity: number,
): TypeRef[] {
  const emitted: unknown[] = Reflect.getMetadata('design:paramtypes', target, key) ?? [];
  const specs: readonly unknown[] = options.params ?? emitted;
  if (specs.length === 0 && arity > 0) {
    throw new TypeError(`portico: ${key} has parameters but no types: give { params: [...] }`);
  }
  return specs.map((spec, i) => {
    const type = toTypeRef(spec);
    if (!type) {
      throw new TypeError(
        `portico: parameter ${i} of ${key} has no usable runtime type: give { params: [...] }`,
      );
    }
    return type;
  });
}

function returnType(target: object, key: string, options: RemoteMethodOptions) {
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
