import { fieldsOf } from '../decorators/metadata';
import { type Class } from '../decorators/types';

/** Per class: whether a field is an accessor of its prototype chain (`get v()` and `set v()`). */
const accessors = new WeakMap<Class, boolean>();

function isAccessor(prototype: object | null, name: string): boolean {
  for (let p = prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const descriptor = Object.getOwnPropertyDescriptor(p, name);
    if (descriptor) return descriptor.get !== undefined || descriptor.set !== undefined;
  }
  return false;
}

/**
 * Whether a field of the class is an accessor pair: assigning it on a blank instance runs the
 * setter and leaves no own key, so a reader that counts the instance's own keys as the fields
 * given must keep them apart. Decided once per class.
 */
export function hasAccessorFields(ctor: Class): boolean {
  let found = accessors.get(ctor);
  if (found === undefined) {
    found = [...fieldsOf(ctor).keys()].some((name) => isAccessor(ctor.prototype, name));
    accessors.set(ctor, found);
  }
  return found;
}
