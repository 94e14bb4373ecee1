/**
 * The types of a client, computed from a service class imported with `import type`: nothing here
 * exists at runtime, so a client never loads the service's code.
 */

type AnyFunction = (...args: any[]) => unknown;

/**
 * A value as it crosses the wire: a payload class becomes the shape of its fields (methods
 * dropped), `Date` stays `Date`, arrays map their items, optional and nullable fields stay so.
 */
export type Plain<T> = T extends Date
  ? Date
  : T extends AnyFunction
    ? never
    : T extends readonly unknown[]
      ? PlainArray<T>
      : T extends object
        ? { [K in keyof T as FieldKey<T, K>]: Plain<T[K]> }
        : T;

type PlainArray<T extends readonly unknown[]> = T extends unknown[]
  ? Plain<T[number]>[]
  : readonly Plain<T[number]>[];

/** A string key whose value is data, not a method. */
type FieldKey<T, K extends keyof T> = K extends string
  ? NonNullable<T[K]> extends AnyFunction
    ? never
    : K
  : never;

/**
 * The names of the methods of `S` that a client can call: public, with a fixed number of
 * parameters, none of which is a function. Private and protected members, fields, and methods
 * with rest or callback parameters are left out.
 */
export type RemoteMethodName<S> = {
  [K in keyof S & string]-?: S[K] extends AnyFunction
    ? number extends Parameters<S[K]>['length']
      ? never
      : [Extract<Parameters<S[K]>[number], AnyFunction>] extends [never]
        ? K
        : never
    : never;
}[keyof S & string];

/** Every parameter is required: the number of arguments is how the client picks ROA or RMC. */
type PlainArgs<P extends readonly unknown[]> = { [I in keyof P]-?: Plain<P[I]> };

/** The result of a method as the client resolves it; a method without one resolves `undefined`. */
export type RemoteResult<F> = F extends (...args: never[]) => infer R
  ? // biome-ignore lint/suspicious/noConfusingVoidType: a declared `void` result is what this tests.
    [Awaited<R>] extends [void]
    ? undefined
    : Plain<Awaited<R>>
  : never;

/** One method of a client: the method's parameters as plain values, its result as a promise. */
export type RemoteCall<F> = F extends (...args: infer P) => unknown
  ? (...args: PlainArgs<P>) => Promise<RemoteResult<F>>
  : never;

/** A client of service `S`: one async method per remote method of `S`. */
export type Client<S> = { readonly [K in RemoteMethodName<S>]: RemoteCall<S[K]> };

type Depth = [never, 0, 1, 2, 3, 4, 5];

/** Where `Date` values sit in a `T`, as suffixes of a path: `''`, `.at`, `.items[*].at`. */
type DateSuffix<T, D extends number = 6> = [D] extends [never]
  ? never
  : T extends Date
    ? ''
    : T extends readonly unknown[]
      ? `[*]${DateSuffix<T[number], Depth[D]>}`
      : T extends object
        ? { [K in keyof T & string]-?: `.${K}${DateSuffix<NonNullable<T[K]>, Depth[D]>}` }[keyof T &
            string]
        : never;

/** The paths of the `Date` values of a result, `$` being the result itself: `$.items[*].at`. */
export type DatePath<T> = `$${DateSuffix<T>}`;

/** True when every date of `T` sits less than six levels deep: a payload that holds itself does not. */
type FewPaths<T> = [DateSuffix<T>] extends [DateSuffix<T, 5>] ? true : false;

/** Every date path of `T` where they are few, else any of them (endless paths cannot be listed). */
type PathsOf<T> =
  FewPaths<T> extends true
    ? { readonly [P in DatePath<T>]: true }
    : { readonly [P in DatePath<T>]?: true };

/**
 * For each method whose result holds dates, the paths of the dates in it. The compiler demands an
 * entry for each such method, every path of a result that does not hold itself (one left out
 * would arrive as text its type calls a `Date`), and refuses a path where the result has no date;
 * a payload that holds itself has endless paths, so it cannot demand every one.
 */
export type DateFields<S> = {
  readonly [K in RemoteMethodName<S> as DateSuffix<RemoteResult<S[K]>> extends never
    ? never
    : K]: PathsOf<RemoteResult<S[K]>>;
};

/** The `dates` option: required when some result of `S` holds a `Date`, refused otherwise. */
export type DatesOption<S> = keyof DateFields<S> extends never
  ? { readonly dates?: never }
  : { readonly dates: DateFields<S> };

/** The date paths of each method as the runtime reads them, whatever the service type. */
export type DatePathTable = Readonly<Record<string, Readonly<Record<string, true>>>>;
