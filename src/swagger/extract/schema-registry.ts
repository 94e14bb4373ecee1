import path from 'node:path';
import { type Diagnostic, type SourceLocation } from '../model';
import { type NamedSchema, type SchemaModel } from '../schema-model';

/** Who claims a schema name: a declaration in the source, or the generator itself. */
export type NameOwner = { readonly location: SourceLocation } | 'reserved';

/** What a named type brings to the registry. */
export interface NamedType {
  /** The type object itself: the compiler interns types, so one object is one schema. */
  readonly key: object;
  /** The proposed name, already valid in a document (`Page_User`). */
  readonly name: string;
  /** The declaration the type comes from; several generic instantiations share one. */
  readonly owner: NameOwner;
  /** The exported class the type is declared by: its file and name, for the runtime's contract. */
  readonly exportedClass?: { readonly file: string; readonly name: string };
}

/** Hands out one schema name per declaration and reports two declarations with one name. */
export interface SchemaRegistry {
  /** The name of `type`'s schema; `build` runs once, after the name is taken (recursion ends). */
  nameOf(type: NamedType, build: () => SchemaModel): string;
  /** Every schema built so far, sorted by name. */
  schemas(): NamedSchema[];
  /** Every schema built so far, by name: one map, kept as schemas are built. */
  readonly named: ReadonlyMap<string, SchemaModel>;
  /** The exported class behind each schema name that has one. */
  classes(): ReadonlyMap<string, { readonly file: string; readonly name: string }>;
}

function describeOwner(owner: NameOwner): string {
  if (owner === 'reserved') return 'the error envelope of generate-swagger';
  return `${path.relative(process.cwd(), owner.location.file)}:${owner.location.line}`;
}

function sameDeclaration(a: NameOwner, b: NameOwner): boolean {
  return (
    a !== 'reserved' &&
    b !== 'reserved' &&
    a.location.file === b.location.file &&
    a.location.line === b.location.line
  );
}

/**
 * Creates a registry; `reserved` are the generator's own schema names. Clashes go to `report` as
 * errors naming both files.
 */
export function createSchemaRegistry(
  report: (diagnostic: Diagnostic) => void,
  reserved: readonly string[],
): SchemaRegistry {
  const byKey = new Map<object, string>();
  const owners = new Map<string, NameOwner>(reserved.map((n) => [n, 'reserved']));
  const built = new Map<string, SchemaModel>();
  const classes = new Map<string, { readonly file: string; readonly name: string }>();

  function freeName(type: NamedType): string {
    const holder = owners.get(type.name);
    if (holder === undefined) return type.name;
    if (!sameDeclaration(holder, type.owner) && type.owner !== 'reserved') {
      report({
        severity: 'error',
        message: `two declarations are named ${type.name}: ${describeOwner(holder)} and ${describeOwner(type.owner)}; rename one of them`,
        location: type.owner.location,
      });
    }
    let n = 2;
    while (owners.has(`${type.name}_${n}`)) n++;
    return `${type.name}_${n}`;
  }

  return {
    nameOf(type, build) {
      const known = byKey.get(type.key);
      if (known !== undefined) return known;
      const name = freeName(type);
      byKey.set(type.key, name);
      owners.set(name, type.owner);
      if (type.exportedClass) classes.set(name, type.exportedClass);
      built.set(name, build());
      return name;
    },
    classes: () => classes,
    named: built,
    schemas() {
      return [...built.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, schema]) => ({ name, schema }));
    },
  };
}
