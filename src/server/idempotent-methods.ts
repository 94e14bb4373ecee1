import { findClassMeta, type MethodMeta } from '../decorators/metadata';
import { type Class } from '../decorators/types';

/** A test of service and method names. */
export type MethodTest = (service: string, method: string) => boolean;

/**
 * The methods declared `idempotent` among `services`, as a test of service and method names:
 * read from the decorators' records, without making an instance of any service.
 */
export function idempotentMethods(services: readonly (Class | object)[]): MethodTest {
  return methodTest(services, (method) => method.idempotent);
}

/** Every method of `services`, as {@link idempotentMethods} reads them. */
export function knownMethods(services: readonly (Class | object)[]): MethodTest {
  return methodTest(services, () => true);
}

function methodTest(
  services: readonly (Class | object)[],
  counts: (method: { readonly idempotent: boolean }) => boolean,
): MethodTest {
  const keys = new Set<string>();
  for (const [service, method] of remoteMethods(services)) {
    if (counts(method)) keys.add(`${service}/${method.name}`);
  }
  return (service, method) => keys.size > 0 && keys.has(`${service}/${method}`);
}

/** Each remote method of the `@RemoteService` classes among `services`, with its service's name. */
export function* remoteMethods(
  services: readonly (Class | object)[],
): Generator<readonly [string, MethodMeta]> {
  for (const service of services) {
    const ctor = typeof service === 'function' ? service : service.constructor;
    const meta = findClassMeta(ctor);
    if (!meta?.service) continue;
    for (const method of meta.methods.values()) yield [meta.service.name, method];
  }
}
