import { assertExperimentalDecorators } from './compiler-flags';
import { classMeta, FORBIDDEN_NAMES } from './metadata';
import { type Class } from './types';

const NAME = /^[A-Za-z_$][\w$]*$/;

/** Checks a service, method or field name at decoration time, so a bad one fails early. */
export function assertName(kind: string, name: string): void {
  if (!NAME.test(name) || FORBIDDEN_NAMES.has(name)) {
    throw new TypeError(`portico: ${JSON.stringify(name)} cannot be a ${kind} name`);
  }
}

/** `MultiplierService` → `multiplier`: the service name used when none is given. */
export function defaultServiceName(className: string): string {
  const base =
    className.endsWith('Service') && className !== 'Service'
      ? className.slice(0, -'Service'.length)
      : className;
  return base.charAt(0).toLowerCase() + base.slice(1);
}

/**
 * Enables a class for remote calls. Only its methods marked with `@RemoteMethod` or
 * `@ApiOperation` are callable, as `POST /{microservice}/{name}/{method}`.
 *
 * @example
 * @RemoteService('multiplier')
 * class MultiplierService { ... }
 */
export function RemoteService(name?: string): ClassDecorator {
  return (...[target, context]: [Function, unknown?]) => {
    assertExperimentalDecorators('RemoteService', context);
    const serviceName = name ?? defaultServiceName(target.name);
    assertName('service', serviceName);
    classMeta(target).service = { name: serviceName };
  };
}

/** Marks a class as part of the external API described by `generate-swagger`. */
export function Api(options: { description?: string } = {}): ClassDecorator {
  return (target) => {
    classMeta(target).api = { ...options };
  };
}

/**
 * Names a payload class on the libA wire: `@Alias('mulInput')` makes `<mulInput>` and
 * `{"mulInput":{…}}` the element and wrapper names of `MulInput`.
 */
export function Alias(alias: string): ClassDecorator {
  return (target) => {
    if (!/^[A-Za-z_][\w.-]*$/.test(alias) || FORBIDDEN_NAMES.has(alias)) {
      throw new TypeError(`portico: ${JSON.stringify(alias)} cannot be an alias`);
    }
    classMeta(target).alias = alias;
  };
}

/** The service name of a class enabled with `@RemoteService`, or `undefined`. */
export function serviceNameOf(ctor: Class): string | undefined {
  return classMeta(ctor).service?.name;
}
