import { ts } from 'ts-morph';
import { type Converter, type Site } from './converter';
import { fieldDecoratorOf } from './enforced-facts';
import { locationOf } from './source-text';
import { type Written } from './written-arguments';

/**
 * Whether the runtime reads `type` from `@Field` options alone: a class with `@Field` members,
 * built without a contract. Such a generic cannot carry an argument's JSDoc tags: the options of a
 * member written with a type parameter hold for every argument alike.
 */
function readsFieldOptionsOnly(converter: Converter, type: ts.Type): boolean {
  if (converter.typesAreContract || !(type.flags & ts.TypeFlags.Object)) return false;
  return converter.checker.getPropertiesOfType(type).some((property) => {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    return fieldDecoratorOf(converter, declaration) !== undefined;
  });
}

/**
 * Takes out of `reached` the generics that {@link readsFieldOptionsOnly}, handing the arguments
 * they were given to `lose`; returns the tagged aliases lost so, with the generic each reached.
 */
export function setAsideFieldGenerics(
  converter: Converter,
  reached: Map<ts.Type, ReadonlyMap<string, readonly Written[]>>,
  lose: (written: Written, lost: Set<ts.Symbol>) => void,
): ReadonlyMap<ts.Symbol, string> {
  const aliases = new Map<ts.Symbol, string>();
  for (const [type, shapes] of reached) {
    if (!readsFieldOptionsOnly(converter, type)) continue;
    reached.delete(type);
    const lost = new Set<ts.Symbol>();
    for (const given of shapes.values()) for (const w of given) lose(w, lost);
    for (const alias of lost) aliases.set(alias, type.getSymbol()?.name ?? '');
  }
  return aliases;
}

/**
 * Warns, at the site that writes it (`count(p: Page<Day>)`), that the tags of `aliases` given to a
 * `@Field` generic are left out of the document, naming the fixes a user can make.
 */
export function warnFieldGenericTags(
  converter: Converter,
  site: Site,
  aliases: ReadonlyMap<ts.Symbol, string>,
): void {
  for (const [alias, generic] of aliases) {
    converter.report({
      severity: 'warning',
      message: `${site.label}: the JSDoc tags of type alias ${alias.name} reach the @Field members of ${generic} through a type argument; without a contract the runtime reads limits from @Field options only, which are one for every argument of ${generic}, so the tags are left out of the document and not enforced: build with a contract (generate-swagger --contract), or give the limit to a @Field of a class that is not generic`,
      location: locationOf(site.node),
    });
  }
}

/**
 * Warns, at `site`, that the tags of `aliases` reach it through a type argument where no schema
 * can carry them: they are left out, never silently.
 */
export function warnLostTags(
  converter: Converter,
  site: Site,
  aliases: readonly ts.Symbol[],
): void {
  for (const alias of aliases) {
    converter.report({
      severity: 'warning',
      message: `${site.label}: the JSDoc tags of type alias ${alias.name} reach it through a type argument, in a place where generate-swagger cannot carry them (a union with other types, an intersection, a utility type, a generic alias of a union, an array or a record, a type literal given to a generic, such as Page<{ d: T }>); they are left out of the document and not enforced`,
      location: locationOf(site.node),
    });
  }
}

/**
 * One generic given different arguments in one type (`Page<Day> | Page<Code>`, `[Box<Day>,
 * Box<string>]`): TypeScript makes them one type, which one schema describes.
 */
export interface MergedInstances {
  readonly written: string[];
  readonly lost: Set<ts.Symbol>;
}

/** Notes `text` (`Page<Day>`) as one of the instantiations that TypeScript made `type`. */
export function mergeInstance(
  merged: Map<ts.Type, MergedInstances>,
  type: ts.Type,
  text: string,
  given: readonly Written[],
  lose: (written: Written, lost: Set<ts.Symbol>) => void,
): void {
  const entry = merged.get(type) ?? { written: [], lost: new Set<ts.Symbol>() };
  merged.set(type, entry);
  entry.written.push(text);
  for (const w of given) lose(w, entry.lost);
}

/** Hands `merge` each generic reached with arguments of several shapes, as written with each. */
export function mergeShapes(
  reached: ReadonlyMap<ts.Type, ReadonlyMap<string, readonly Written[]>>,
  merge: (type: ts.Type, text: string, given: readonly Written[]) => void,
): void {
  for (const [type, shapes] of [...reached].filter(([, s]) => s.size > 1)) {
    const name = type.aliasSymbol?.name ?? type.getSymbol()?.name;
    for (const given of [...shapes.values()].filter((g) => g.length > 0)) {
      merge(type, `${name}<${given.map((w) => w.node.getText()).join(', ')}>`, given);
    }
  }
}

/**
 * Warns once per {@link MergedInstances} at `site`, naming the instantiations as written and the
 * aliases whose tags they drop; returns those aliases.
 */
export function warnMergedInstances(
  converter: Converter,
  site: Site,
  merged: ReadonlyMap<ts.Type, MergedInstances>,
): ReadonlySet<ts.Symbol> {
  const warned = new Set<ts.Symbol>();
  for (const [type, { written, lost }] of merged) {
    if (lost.size === 0) continue;
    for (const alias of lost) warned.add(alias);
    const names = [...lost].map((alias) => alias.name);
    const aliases = `type alias${names.length > 1 ? 'es' : ''} ${names.join(' and ')}`;
    const one = converter.checker.typeToString(type);
    converter.report({
      severity: 'warning',
      message: `${site.label}: ${written.join(' and ')} are one type to TypeScript, ${one}, which one schema describes (one generic given different arguments in one type), so the JSDoc tags of ${aliases} are left out of the document and not enforced: write one instantiation, or make each a type of its own with a literal member that tells them apart (Tagged<'day', Day> | Tagged<'code', Code>)`,
      location: locationOf(site.node),
    });
  }
  return warned;
}
