import 'reflect-metadata';
import path from 'node:path';
import { type DeclaredError } from './method';
import { type Class, type TypeRef } from './types';

/** A declared field of a payload class. */
export interface FieldMeta {
  readonly name: string;
  readonly type: TypeRef;
  /** May be absent. */
  readonly optional: boolean;
  /** Takes `null`. */
  readonly nullable: boolean;
  /** Written in answers, refused in requests: a getter, as the contract describes it. */
  readonly readOnly?: boolean;
  readonly description?: string;
  /** Why the decorators alone cannot type the field; refused at load unless a contract types it. */
  readonly problem?: string;
}

/**
 * Where a method reads its call context: `'async'` anywhere (after `await`s, in timers and
 * callbacks it starts), `'sync'` only before it first awaits or returns (docs/design-context.md).
 */
export type ContextReads = 'async' | 'sync';

/** A remotely callable method, as its decorator recorded it. */
export interface MethodMeta {
  readonly name: string;
  readonly params: readonly TypeRef[];
  /**
   * How many leading parameters a call must give; the others may be left out (an empty ROA body,
   * a shorter RMC array). All of them where it is not said.
   */
  readonly required?: number;
  /** `null` for a method declared `void`; `undefined` where only the value can tell. */
  readonly returns: TypeRef | null | undefined;
  readonly privileged: boolean;
  /** Safe to run twice: the NATS carrier retries it once after a replica's fault. */
  readonly idempotent: boolean;
  /** The service errors the method declares (`errors` option); documentation only. */
  readonly errors: readonly DeclaredError[];
  /** The `@ApiOperation` text, when the method has one. */
  readonly description?: string;
  /** The function itself, captured when the class was defined: never looked up by name later. */
  readonly fn: (...args: unknown[]) => unknown;
  /** Where the method reads its call context; absent: anywhere (`'async'`). */
  readonly callContext?: ContextReads;
  /** Why the decorators alone cannot type the method; refused at load unless a contract does. */
  readonly problem?: string;
}

/** What the decorators know about one class. */
export interface ClassMeta {
  service?: { name: string };
  api?: { description?: string };
  alias?: string;
  /** The name messages give a class made for a contract's type: the document's (`Contact`). */
  shown?: string;
  readonly fields: Map<string, FieldMeta>;
  readonly methods: Map<string, MethodMeta>;
}

const store = new WeakMap<Function, ClassMeta>();

/** The folder of this copy's code, as {@link decoratedByAnotherCopy} names another. */
export const THIS_COPY = path.dirname(__dirname);

/**
 * The store of every copy of portico loaded in this process, by the folder of its code: a class
 * decorated by the project's copy and served by another (a global install) is told apart from
 * a class that no decorator touched.
 */
const COPIES: unique symbol = Symbol.for('portico.metadataStores');
const shared = globalThis as { [COPIES]?: Map<string, WeakMap<Function, ClassMeta>> };
shared[COPIES] ??= new Map();
const copies = shared[COPIES];
copies.set(THIS_COPY, store);

/** The folder of the code of another loaded copy of portico whose decorators touched `ctor`. */
export function decoratedByAnotherCopy(ctor: Function): string | undefined {
  for (const [folder, other] of copies) if (other !== store && other.has(ctor)) return folder;
  return undefined;
}

/** The metadata of `ctor` itself (not of its parents), created on first use. */
export function classMeta(ctor: Function): ClassMeta {
  let meta = store.get(ctor);
  if (!meta) {
    meta = { fields: new Map(), methods: new Map() };
    store.set(ctor, meta);
  }
  return meta;
}

/** The metadata of `ctor` if any decorator touched it. */
export function findClassMeta(ctor: Function): ClassMeta | undefined {
  return store.get(ctor);
}

/** Every declared field of `ctor`, parents' first: payload classes may extend one another. */
export function fieldsOf(ctor: Class): Map<string, FieldMeta> {
  // A class's chain of constructors ends in Function.prototype, which holds no fields: a class
  // without payload parents (the common case, on every call) reads its own map as it is.
  const parent: unknown = Object.getPrototypeOf(ctor);
  if (parent === Function.prototype || parent === Object || parent === null) {
    return findClassMeta(ctor)?.fields ?? new Map();
  }
  const chain: Function[] = [];
  for (let c: Function | null = ctor; c && c !== Object; c = Object.getPrototypeOf(c)) {
    chain.unshift(c);
  }
  if (chain.length === 1) return classMeta(ctor).fields;
  const all = new Map<string, FieldMeta>();
  for (const c of chain) for (const [k, v] of findClassMeta(c)?.fields ?? []) all.set(k, v);
  return all;
}

/** The libA wire name of a class: its alias, else its class name. */
export function aliasOf(ctor: Class): string {
  return findClassMeta(ctor)?.alias ?? ctor.name;
}

/** Names that must never become fields, services or methods. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);
