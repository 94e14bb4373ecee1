import { MulInput } from '../../../examples/calc/payloads';
import { type TypeRef } from '../../../src/decorators/types';
import { type SequenceSerializer } from '../../../src/serialization/sequence';

/** The binding options of a microservice with the default limits. */
export const BIND = { ignoreUnknownFields: false, maxDepth: 64 };

/** The declared types the cases read into. */
export const TYPES = {
  int: { kind: 'int' },
  number: { kind: 'number' },
  string: { kind: 'string' },
  date: { kind: 'date' },
  unknown: { kind: 'unknown' },
  ints: { kind: 'array', items: { kind: 'int' } },
  mulInput: { kind: 'class', ctor: MulInput },
  mulInputs: { kind: 'array', items: { kind: 'class', ctor: MulInput } },
} as const satisfies Record<string, TypeRef>;

/** Reads text as an argument of `type`, as a microservice does. */
export function reader(serializer: SequenceSerializer, type: TypeRef): (text: string) => unknown {
  return (text) => serializer.readArgument(text, type, BIND);
}

/** `count` copies of `unit(i)`, joined by `separator`. */
export function many(count: number, unit: (i: number) => string, separator = ''): string {
  return Array.from({ length: count }, (_, i) => unit(i)).join(separator);
}

/** A run of `n` digits. */
export function digits(n: number): string {
  return '1'.repeat(n);
}

/** `n` groups of elements or arrays nested 60 deep, just within the default depth limit of 64. */
export function nestedGroups(n: number, open: string, close: string, separator = ''): string {
  return many(n, () => `${open.repeat(60)}${close.repeat(60)}`, separator);
}
