import { findClassMeta, type MethodMeta } from './decorators/metadata';
import { type Class } from './decorators/types';

/** A remotely enabled service of a microservice: its instance and its remote methods by name. */
export interface ServiceEntry {
  readonly name: string;
  readonly instance: object;
  readonly methods: ReadonlyMap<string, MethodMeta>;
}

/**
 * Builds the lookup of a microservice's services. Only `@RemoteService` classes are accepted, and
 * only methods decorated on the class itself are reachable: lookup never goes through `obj[name]`.
 */
export function buildServiceRegistry(
  services: readonly (Class | object)[],
): Map<string, ServiceEntry> {
  const registry = new Map<string, ServiceEntry>();
  for (const service of services) {
    const ctor = (typeof service === 'function' ? service : service.constructor) as Class;
    const meta = findClassMeta(ctor);
    if (!meta?.service) {
      throw new TypeError(
        `portico: ${ctor.name} is not enabled for remote calls: add @RemoteService()`,
      );
    }
    const { name } = meta.service;
    if (registry.has(name)) throw new TypeError(`portico: two services are named ${name}`);
    const instance =
      typeof service === 'function' ? new (service as new () => object)() : (service as object);
    registry.set(name, { name, instance, methods: meta.methods });
  }
  return registry;
}
