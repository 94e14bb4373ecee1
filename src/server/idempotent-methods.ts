import { findClassMeta } from '../decorators/metadata';
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
  for (const service of services) {
    const ctor = typeof service === 'function' ? service : service.constructor;
    const meta = findClassMeta(ctor);
    if (!meta?.service) continue;
    for (const method of meta.methods.values()) {
      if (counts(method)) keys.add(`${meta.service.name}/${method.name}`);
    }
  }
  return (service, method) => keys.size > 0 && keys.has(`${service}/${method}`);
}
