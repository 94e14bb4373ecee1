/**
 * Why a type has no JSON description, and what to write instead, for the build's finding at its
 * file:line: the document marks such a type `x-unsupported-type`, and the runtime binds none.
 */
export const UNSUPPORTED_REASONS = {
  shapeless: { why: 'describes no shape', instead: 'write the type of the values it holds' },
  bigint: {
    why: 'has no JSON form',
    instead: 'write number (with a JSDoc @integer for whole numbers) or string',
  },
  symbol: { why: 'has no JSON form', instead: 'leave it out of the type (Omit<T, …>)' },
  builtIn: {
    why: 'is a built-in class with no JSON form',
    instead: 'write an interface of the members it sends',
  },
  function: {
    why: 'is a function',
    instead: 'leave it out of the type (Omit<T, …>), or make it a method, which is not sent',
  },
  noValue: {
    why: 'holds no value',
    instead: 'leave the member out, or write the type it holds beside null (T | null)',
  },
  never: {
    why: 'holds no value',
    instead: 'write void for a method that only throws; leave a member out',
  },
  typeParameter: {
    why: 'is a type parameter that is never bound',
    instead:
      "write the type it stands for: a generic method's type parameters are bound by no call, and a generic type needs its type arguments",
  },
  thisType: {
    why: 'is the instance the method is called on',
    instead: 'write the type of what the method returns: no call sends or answers a service',
  },
  restNotLast: {
    why: 'has a rest element before its last position',
    instead: 'put the rest element last ([A, ...B[]])',
  },
  other: { why: 'has no JSON description', instead: 'write an object, array or primitive type' },
  deep: {
    why: 'nests too deep (recursion without a name)',
    instead: 'give the recursive type a name (an interface or a type alias)',
  },
} as const satisfies Record<string, { why: string; instead: string }>;

/** A reason of {@link UNSUPPORTED_REASONS}. */
export type UnsupportedReason = keyof typeof UNSUPPORTED_REASONS;
