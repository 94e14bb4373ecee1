import { ts } from 'ts-morph';
import { type Converter } from './converter';
import { type MergedInstances, mergeInstance } from './lost-alias-tags';
import { resolveWritten, taggedAliasOf, type Written } from './written-arguments';
import { boundParametersIn, instantiates } from './written-parts';

/** What a walk over a written type has met so far (written-instances.ts walks it). */
export interface Walk {
  readonly converter: Converter;
  /**
   * Each generic instantiation reached, by the shape of its written arguments: the schema follows
   * the type, so one type written with two shapes (`[Box<Day>, Box<string>]`) carries neither.
   */
  readonly reached: Map<ts.Type, Map<string, readonly Written[]>>;
  /** Tagged aliases reached through a type argument where no schema can carry their tags. */
  readonly lost: Set<ts.Symbol>;
  /** Instantiations of one generic that TypeScript makes one type, with the tags they drop. */
  readonly merged: Map<ts.Type, MergedInstances>;
  /** Inside an alias that has a schema of its own, built without this walk's instances. */
  readonly named?: boolean;
}

/** Notes a reference that instantiates `type` with `given` as its arguments, in `shape`. */
export function reach(walk: Walk, type: ts.Type, given: readonly Written[], shape: string): void {
  const shapes = walk.reached.get(type) ?? new Map<string, readonly Written[]>();
  walk.reached.set(type, shapes);
  if (!shapes.has(shape)) shapes.set(shape, given);
}

/** Records the tagged aliases that reach `written` through a type argument; always `false`. */
export function lose(walk: Walk, written: Written, throughArgument = false): false {
  const { checker } = walk.converter;
  const resolved = resolveWritten(checker, written);
  // A type parameter replaced by its argument, or an argument of a generic: a type argument.
  const through = throughArgument || resolved.args !== written.args;
  const { node, args } = resolved;
  const alias = taggedAliasOf(checker, node);
  if (alias && through) walk.lost.add(alias);
  if (ts.isTypeLiteralNode(node) && through) {
    for (const bound of boundParametersIn(checker, resolved)) lose(walk, bound);
  }
  if (alias || ts.isTypeLiteralNode(node)) return false;
  const generic = through || ts.isTypeReferenceNode(node);
  if (ts.isTypeReferenceNode(node) && node.typeArguments) {
    const type = checker.getTypeFromTypeNode(node);
    if (instantiates(walk.converter, node, type)) reach(walk, type, [], 'lost');
  }
  node.forEachChild((child) => {
    if (ts.isTypeNode(child)) lose(walk, { node: child, args }, generic);
  });
  return false;
}

/** Notes `text` (`Page<Day>`) as one of the instantiations that TypeScript made `type`. */
export function merged(walk: Walk, type: ts.Type, text: string, given: readonly Written[]): void {
  mergeInstance(walk.merged, type, text, given, (w, lost) => lose({ ...walk, lost }, w, true));
}
