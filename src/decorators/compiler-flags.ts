import 'reflect-metadata';

/** The two tsconfig.json options portico's decorators need, as the user writes them. */
export const DECORATOR_FLAGS = '"experimentalDecorators": true and "emitDecoratorMetadata": true';

/**
 * Refuses a decorator that TypeScript compiled as a standard (TC39) decorator: it is then given a
 * context object where portico expects a property name, and records nothing usable.
 */
export function assertExperimentalDecorators(decorator: string, key: unknown): void {
  if (typeof key === 'object' && key !== null && 'kind' in key) {
    const name = String((key as { name?: unknown }).name);
    throw new TypeError(
      `portico: @${decorator} on ${name} was compiled as a standard decorator: set ${DECORATOR_FLAGS} in tsconfig.json's compilerOptions`,
    );
  }
}

/**
 * True when TypeScript emitted type metadata for the member: without `emitDecoratorMetadata`
 * it emits none at all, not even for a method without parameters.
 */
export function hasEmittedTypes(target: object, key: string): boolean {
  return (
    Reflect.hasOwnMetadata('design:type', target, key) ||
    Reflect.hasOwnMetadata('design:paramtypes', target, key)
  );
}

/** The advice that ends every message about missing emitted types. */
export const EMIT_METADATA_HINT =
  'TypeScript emitted no types here: set "emitDecoratorMetadata": true in tsconfig.json';
