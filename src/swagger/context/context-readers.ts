/**
 * The exports of portico that read the call context for the method that calls them
 * (docs/design-context.md): `getCallContext()` itself, `getCallDeadline()`, and
 * `createNatsClient`, whose clients read it at each call. The build counts a method that can reach
 * one of them as reading its context; `test/unit/context-readers.test.ts` holds this list to
 * portico's own code.
 */
export const CONTEXT_READERS = ['getCallContext', 'getCallDeadline', 'createNatsClient'] as const;

/** One of {@link CONTEXT_READERS}. */
export type ContextReader = (typeof CONTEXT_READERS)[number];

/**
 * Global functions that run code the build cannot see: a method reaching one may reach anything.
 * `require` and `import()` are told apart by their syntax in `region-scan.ts`.
 */
export const DYNAMIC_CODE: ReadonlySet<string> = new Set(['eval', 'Function']);

/**
 * Methods the language, or a library, calls without their name being written at the call
 * (`await` calls `then`, `JSON.stringify` calls `toJSON`, a template or `+` calls `toString` or
 * `valueOf`, `for…of` the iterator): a method that reads the context through one of these makes
 * every method count as reading it.
 */
export const IMPLICIT_METHODS: ReadonlySet<string> = new Set([
  'then',
  'toJSON',
  'toString',
  'toLocaleString',
  'valueOf',
]);
