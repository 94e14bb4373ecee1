import { ts } from 'ts-morph';
import { type Diagnostic } from '../model';
import { type SchemaModel } from '../schema-model';
import { type OpenInstances } from './growing-generics';
import { type SchemaRegistry } from './schema-registry';
import { locationOf } from './source-text';
import { UNSUPPORTED_REASONS, type UnsupportedReason } from './unsupported-reasons';
import { symbolOf, type TypeArguments } from './written-arguments';
import { type Instances } from './written-instances';

/** Where a type is used: the node for file:line, and words for a message ("field User.age"). */
export interface Site {
  readonly node: ts.Node;
  readonly label: string;
}

/** What every part of the type conversion shares. */
export interface Converter {
  readonly checker: ts.TypeChecker;
  readonly program: ts.Program;
  readonly registry: SchemaRegistry;
  /** The generic instances being built, to stop one that grows without end. */
  readonly open: OpenInstances;
  /** Every deployment refuses undeclared fields, so `@Field` classes are closed objects. */
  readonly refusesUnknownFields: boolean;
  /** Methods of another parameter count than one become RMC operations instead of warnings. */
  readonly describesRmc: boolean;
  /**
   * The build hands the runtime a contract (docs/design-contract.md): the runtime follows the
   * types, so they are described as written, and a decorator that disagrees is an error.
   */
  readonly typesAreContract: boolean;
  report(diagnostic: Diagnostic): void;
  /** The schema of a TypeScript type used at `site`, `within` what its enclosing type writes. */
  schemaOf(type: ts.Type, site: Site, depth: number, within?: Within): SchemaModel;
}

/** Where a type is being converted: by which converter, at which site, and how deep. */
export interface Scope {
  readonly converter: Converter;
  readonly site: Site;
  /** How many anonymous types enclose this one. */
  readonly depth: number;
  /** The type arguments in force where the members read here are written (`T` in `Page<Day>`). */
  readonly args?: TypeArguments;
  /** The generic types that the written type being read instantiates with tagged aliases. */
  readonly instances?: Instances;
}

/** What an enclosing type hands to the types inside it: see {@link Scope}. */
export type Within = Pick<Scope, 'args' | 'instances'>;

/** Anonymous types nest at most this deep; deeper means recursion without a name. */
export const MAX_INLINE_DEPTH = 32;

/** The schema of a type one level inside the one converted at `scope`: a member, item or field. */
export function innerSchemaOf(scope: Scope, type: ts.Type, site: Site = scope.site): SchemaModel {
  const { args, instances } = scope;
  return scope.converter.schemaOf(type, site, scope.depth + 1, { args, instances });
}

/**
 * Reports a type that has no JSON description and returns a schema that says so: a warning with
 * file:line and what to write instead (`instead`, where the reason's own text is not precise
 * enough), never a silent `{}`.
 */
export function unsupported(
  { converter, site }: Pick<Scope, 'converter' | 'site'>,
  type: ts.Type,
  reason: UnsupportedReason,
  instead: string = UNSUPPORTED_REASONS[reason].instead,
): SchemaModel {
  const typeText = converter.checker.typeToString(type);
  converter.report({
    severity: 'warning',
    message: `${site.label} has type \`${typeText}\`, which ${UNSUPPORTED_REASONS[reason].why}: ${instead}; it is marked x-unsupported-type in the document, and the runtime cannot bind it`,
    location: locationOf(site.node),
  });
  return { kind: 'unsupported', typeText };
}

/** Node's own declarations (`Buffer`, `URL`), which describe its classes as the library does. */
const NODE_TYPES = /[\\/]node_modules[\\/]@types[\\/]node[\\/]/;

/**
 * True when `symbol` is declared in TypeScript's default library (`Date`, `Map`, `Record`), even
 * if other files (such as @types/node) add to its declaration, or is a class of Node's types
 * (`Buffer`, `URL`: a class or interface with methods). Node's interfaces of plain data
 * (`CpuInfo` of `node:os`) are described by their members, as the project's own are.
 */
export function isLibrarySymbol(converter: Converter, symbol: ts.Symbol | undefined): boolean {
  const files = (symbol?.declarations ?? []).map((d) => d.getSourceFile());
  if (files.some((file) => converter.program.isSourceFileDefaultLibrary(file))) return true;
  return files.some((file) => NODE_TYPES.test(file.fileName)) && hasMethods(converter, symbol);
}

function hasMethods({ checker }: Converter, symbol: ts.Symbol | undefined): boolean {
  if (!symbol || !(symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface))) return false;
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  return checker.getPropertiesOfType(type).some((p) => (p.flags & ts.SymbolFlags.Method) !== 0);
}

/**
 * The class, interface or alias of the project that a type reference names (`Page` of
 * `Page<Day>`), import aliases followed; `undefined` for a name of TypeScript's library
 * (`Array`, `Record`) or for none.
 */
export function projectSymbolOf(
  converter: Converter,
  name: ts.EntityName | ts.Expression,
): ts.Symbol | undefined {
  const symbol = symbolOf(converter.checker, name);
  return symbol && !isLibrarySymbol(converter, symbol) ? symbol : undefined;
}

/** A primitive with the libA element name that a bare value of it has on the XML wire. */
export function primitiveWithXmlName(schema: SchemaModel): SchemaModel {
  if (schema.kind !== 'primitive' && schema.kind !== 'enum') return schema;
  const names = { integer: 'int', number: 'double', string: 'string', boolean: 'boolean' };
  const isDate = schema.kind === 'primitive' && schema.instant;
  return { ...schema, xmlName: isDate ? 'date' : names[schema.type] };
}

/** `number` becomes `integer` (also inside arrays and unions), for `@Field(Int)` and `@integer`. */
export function toInteger(schema: SchemaModel, format?: string): SchemaModel {
  switch (schema.kind) {
    case 'primitive':
      if (schema.type !== 'number' && schema.type !== 'integer') return schema;
      return { ...schema, type: 'integer', ...(format ? { format } : {}) };
    case 'enum':
      return schema.type === 'number' ? { ...schema, type: 'integer' } : schema;
    case 'array':
      return { ...schema, items: toInteger(schema.items, format) };
    case 'union':
      return { ...schema, members: schema.members.map((m) => toInteger(m, format)) };
    default:
      return schema;
  }
}
