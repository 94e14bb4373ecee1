import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { aliasTagsOf } from './alias-tags';
import { type Scope } from './converter';
import { fieldDecoratorOf } from './enforced-facts';
import { locationOf, propertyOf, tagsOf } from './source-text';

/** A template literal type (`item-${number}`) or a string mapping (`Uppercase<string>`). */
export function isTemplateString(type: ts.Type): boolean {
  return (type.flags & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) !== 0;
}

/**
 * A union of string literals and template literal types, with one of the latter at least
 * (`` `sku-${number}` | `tag-${string}` ``, `'none' | `sku-${number}` ``): a string like either.
 */
export function isTemplateUnion(members: readonly ts.Type[]): boolean {
  return (
    members.some(isTemplateString) &&
    members.every((t) => isTemplateString(t) || (t.flags & ts.TypeFlags.StringLiteral) !== 0)
  );
}

/**
 * Whether a pattern that the schema carries is stated where the site is declared: a `@Field`'s
 * `pattern`, a JSDoc `@pattern` on the member, or one on the alias of a primitive it is written with
 * (not on an alias of a union, which keeps none).
 */
function statesPattern({ converter, site, args }: Scope): boolean {
  const { checker } = converter;
  const node = ts.isIdentifier(site.node) ? site.node.parent : site.node;
  const member = ts.isPropertyDeclaration(node) || ts.isPropertySignature(node);
  if (propertyOf(fieldDecoratorOf(converter, node)?.options, 'pattern')) return true;
  const own = member ? tagsOf(checker.getSymbolAtLocation(node.name), checker) : [];
  return [...own, ...aliasTagsOf(node, checker, args)].some(([name]) => name === 'pattern');
}

/**
 * A template literal type, `Uppercase<string>`, or a union with them: no schema keyword nor runtime
 * check follows TypeScript's reading of it, so both take any string, and the build says so,
 * unless a JSDoc `@pattern` states the shape, which both check (docs/design-contract.md).
 */
export function anyString(scope: Scope, type: ts.Type): SchemaModel {
  const { converter, site } = scope;
  if (!statesPattern(scope)) {
    // A union is shown as written, not by its alias's name, which the label already gives.
    const text = converter.checker.typeToString(type, undefined, ts.TypeFormatFlags.InTypeAlias);
    const shown = text.startsWith('`') || type.isUnion() ? text : `\`${text}\``;
    converter.report({
      severity: 'warning',
      message: `${site.label} has type ${shown}, whose shape neither the server nor the document checks: both take any string; write string, or an alias of string with a JSDoc @pattern, which is checked`,
      location: locationOf(site.node),
    });
  }
  return { kind: 'primitive', type: 'string' };
}
