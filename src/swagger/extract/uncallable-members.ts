import { ts } from 'ts-morph';
import { type Converter } from './converter';
import { type ServiceInfo } from './extract-operation';
import { porticoDecorators } from './portico-symbols';
import { locationOf } from './source-text';

/** Whether a member is static. */
export function isStatic(member: ts.ClassElement): boolean {
  return (ts.getCombinedModifierFlags(member as ts.Declaration) & ts.ModifierFlags.Static) !== 0;
}

/** What a member with a remote method's decorator is instead of a method, and what to write. */
function whyNot(member: ts.ClassElement): { what: string; fix: string } | undefined {
  if (ts.isMethodDeclaration(member)) {
    return isStatic(member)
      ? { what: 'is static', fix: 'drop static, or the decorator' }
      : undefined;
  }
  const fix = 'write a method, or drop the decorator';
  if (ts.isGetAccessorDeclaration(member)) return { what: 'is a getter', fix };
  if (ts.isSetAccessorDeclaration(member)) return { what: 'is a setter', fix };
  return undefined;
}

/**
 * Reports, as an error at the member, a static method, a getter or a setter given `@ApiOperation`
 * or `@RemoteMethod`: a remote method is a method called on the service's instance, and the
 * decorator refuses any other member when the class is loaded, so the server would not start.
 */
export function reportUncallable(
  converter: Converter,
  node: ts.ClassLikeDeclaration,
  info: ServiceInfo,
) {
  for (const member of node.members) {
    const why = whyNot(member);
    if (!why) continue;
    const decorator = porticoDecorators(member, converter).find(
      (d) => d.name === 'ApiOperation' || d.name === 'RemoteMethod',
    );
    if (!decorator) continue;
    const name = member.name?.getText() ?? '';
    converter.report({
      severity: 'error',
      message: `${info.service}.${name} ${why.what} and has @${decorator.name}, but a remote method is a method called on the service's instance, and the server refuses to load the class: ${why.fix}`,
      location: locationOf(member.name ?? member),
    });
  }
}
