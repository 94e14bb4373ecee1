import { ts } from 'ts-morph';
import { writtenTypeOf } from './alias-tags';
import { type Converter, projectSymbolOf, type Site } from './converter';
import { locationOf } from './source-text';
import {
  expandedAlias,
  NO_ARGUMENTS,
  resolveWritten,
  taggedAliasOf,
  type Written,
} from './written-arguments';

/** Whether a reference instantiates a generic of the project (`Page<Day>`, not `Array<Day>`). */
function isProjectGeneric(converter: Converter, node: ts.TypeNode): boolean {
  if (!ts.isTypeReferenceNode(node) || !node.typeArguments) return false;
  return projectSymbolOf(converter, node.typeName) !== undefined;
}

interface Walk {
  readonly converter: Converter;
  readonly found: Set<ts.Symbol>;
  /** The alias declarations expanded: a recursive alias (`type List = Page<List>`) ends. */
  readonly expanded: Set<ts.Node>;
}

/** Adds to `found` the tagged aliases `written` gives a project generic as a type argument. */
function collect(walk: Walk, written: Written, through: boolean): void {
  const { converter, found } = walk;
  const { checker } = converter;
  const { node, args } = resolveWritten(checker, written);
  const alias = taggedAliasOf(checker, node);
  if (alias) {
    if (through) found.add(alias);
    return;
  }
  const inner = through || isProjectGeneric(converter, node);
  node.forEachChild((child) => {
    if (ts.isTypeNode(child)) collect(walk, { node: child, args }, inner);
  });
  // An alias of a generic instantiation (`type CodePage = Page<Code>`) gives its arguments too.
  const plain = ts.isTypeReferenceNode(node) && !node.typeArguments;
  const declared = plain ? expandedAlias(checker, { node, args }) : undefined;
  if (!declared || walk.expanded.has(declared.node)) return;
  walk.expanded.add(declared.node);
  collect(walk, declared, inner);
}

/**
 * Warns, at a parameter or result whose `params` or `returns` entry replaces its written type
 * (`params: [Page]` for `page: Page<Day>`), of each tagged alias that type gives a generic as a
 * type argument: the entry names the class alone, so those tags are left out of the document and
 * not enforced, with or without a contract, never silently (docs/design-contract.md, "JSDoc tags").
 */
export function warnReplacedArgumentTags(
  converter: Converter,
  declaration: ts.ParameterDeclaration | ts.MethodDeclaration,
  site: Site,
): void {
  const entry = ts.isParameter(declaration) ? 'params' : 'returns';
  const node = writtenTypeOf(declaration);
  const walk: Walk = { converter, found: new Set(), expanded: new Set() };
  if (node) collect(walk, { node, args: NO_ARGUMENTS }, false);
  for (const alias of walk.found) {
    converter.report({
      severity: 'warning',
      message: `${site.label}: its ${entry} entry replaces the written type ${node?.getText()}, which gives the JSDoc tags of type alias ${alias.name} through a type argument; the entry names the class alone, so the tags are left out of the document and not enforced: drop the ${entry} option, so that the written type is used, and build with a contract (generate-swagger --contract)`,
      location: locationOf(site.node),
    });
  }
}
