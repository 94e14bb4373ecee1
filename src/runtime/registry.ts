import {
  decoratedByAnotherCopy,
  fieldsOf,
  findClassMeta,
  type MethodMeta,
  THIS_COPY,
} from '../decorators/metadata';
import { type Class, type TypeRef } from '../decorators/types';

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
  for (const [index, service] of services.entries()) {
    if (typeof service !== 'function' && (typeof service !== 'object' || service === null)) {
      // What a class that is not exported, or was renamed, compiles to where it is imported.
      throw new TypeError(
        `portico: service ${index} of the microservice is ${String(service)}: check that its class is exported and imported under that name`,
      );
    }
    const ctor = (typeof service === 'function' ? service : service.constructor) as Class;
    const meta = findClassMeta(ctor);
    const other = meta ? undefined : decoratedByAnotherCopy(ctor);
    if (other) {
      throw new TypeError(
        `portico: ${ctor.name} was decorated by the copy of portico in ${other}, and this one is in ${THIS_COPY}: start the project with its own (npx portico, or an npm script)`,
      );
    }
    if (!meta?.service) {
      throw new TypeError(
        `portico: ${ctor.name} is not enabled for remote calls: add @RemoteService()`,
      );
    }
    const { name } = meta.service;
    const taken = registry.get(name);
    if (taken) {
      const other = taken.instance.constructor.name;
      throw new TypeError(
        `portico: two services are named ${name}: ${other} and ${ctor.name}; give one another name with @RemoteService('...')`,
      );
    }
    const instance =
      typeof service === 'function' ? new (service as new () => object)() : (service as object);
    for (const method of meta.methods.values()) checkPayloadTypes(ctor, method);
    registry.set(name, { name, instance, methods: meta.methods });
  }
  return registry;
}

/**
 * Refuses, at deploy time, a payload class without a single `@Field`: every call would otherwise
 * fail with "field is not declared", far from the cause.
 */
function checkPayloadTypes(service: Class, method: MethodMeta): void {
  if (method.problem) throw new TypeError(method.problem);
  const seen = new Set<Class>();
  const visit = (type: TypeRef | null | undefined): void => {
    if (type?.kind === 'array' || type?.kind === 'nullable' || type?.kind === 'record') {
      visit(type.kind === 'array' ? type.items : type.kind === 'record' ? type.values : type.of);
      return;
    }
    if (type?.kind === 'tuple') {
      for (const item of [...type.items, ...(type.rest ? [type.rest] : [])]) visit(item);
      return;
    }
    if (type?.kind === 'either') {
      visit(type.object);
      return;
    }
    if (type?.kind === 'union') {
      for (const member of type.members.values()) visit(member);
      return;
    }
    if (type?.kind !== 'class' || seen.has(type.ctor)) return;
    seen.add(type.ctor);
    const fields = fieldsOf(type.ctor);
    if (fields.size === 0) {
      throw new TypeError(
        `portico: ${service.name}.${method.name} uses ${type.ctor.name}, which declares no fields: mark them with @Field()`,
      );
    }
    for (const field of fields.values()) {
      if (field.problem) throw new TypeError(field.problem);
      visit(field.type);
    }
  };
  for (const param of method.params) visit(param);
  visit(method.returns);
}
