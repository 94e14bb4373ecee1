import { ts } from 'ts-morph';
import type { Checked } from '../extract/portico-symbols';
import { resolveSymbol } from '../extract/portico-symbols';
import { originOf } from './code-origin';
import { codeOf } from './declaration-code';
import { handedFunction, isValueOfUnseenCode, unseenAmong } from './function-values';
import { handedCode } from './handed-objects';

/** What following a hand-over needs: the program, its checker, the overrides of a member. */
export interface HandOverTools extends Checked {
  overrides(member: ts.Node): readonly ts.Node[];
}

type CallLike = ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression;

/**
 * Why values handed to code outside the project may read the context, or else (into `next`) the
 * project's code that code may call on them: functions it cannot see count as a read, and the
 * methods of the objects it receives are followed (docs/design-context.md).
 */
function handValues(
  values: readonly ts.Expression[],
  to: string,
  tools: HandOverTools,
  next: ts.Node[],
): string | undefined {
  for (const value of values) {
    const text = value.getText().slice(0, 60);
    const { unseen, members } = handedCode(value, tools.checker, tools.program);
    const standIns = members.flatMap((member) => tools.overrides(member));
    const hidden = unseen ?? unseenAmong(standIns, tools.checker, tools.program);
    if (hidden !== undefined) return `it hands ${text}, whose ${hidden} it cannot see, to ${to}`;
    next.push(...members.flatMap((member) => codeOf(member, tools.overrides)));
  }
  return undefined;
}

/**
 * A call into a library or portico: its arguments and the object it is called on are handed
 * over (a function called by `f.call(…)` too, see {@link handedFunction}).
 */
export function handOverCall(
  node: CallLike,
  callee: ts.Expression,
  tools: HandOverTools,
  next: ts.Node[],
): string | undefined {
  const to = callee.getText().slice(0, 60);
  const handed = handedFunction(node, callee, tools);
  if (handed !== undefined) return `it hands ${handed}, a function it cannot see, to ${to}`;
  const values = ts.isTaggedTemplateExpression(node) ? [] : [...(node.arguments ?? [])];
  // The object a library's method is called on is handed to it too (a base class's template).
  if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
    values.push(callee.expression);
  }
  return handValues(values, to, tools, next);
}

/** An assignment into a property that is not the project's (a library object's `onmessage`). */
export function handOverAssignment(
  node: ts.BinaryExpression,
  tools: HandOverTools,
  next: ts.Node[],
): string | undefined {
  const target = node.left;
  if (node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
  if (!ts.isPropertyAccessExpression(target) && !ts.isElementAccessExpression(target))
    return undefined;
  const declarations = resolveSymbol(target, tools.checker)?.declarations ?? [];
  if (declarations.some((d) => originOf(d, tools.program) === 'project')) return undefined;
  const to = target.getText().slice(0, 60);
  if (isValueOfUnseenCode(node.right, tools.checker, tools.program)) {
    return `it hands ${node.right.getText().slice(0, 60)}, a function it cannot see, to ${to}`;
  }
  return handValues([node.right], to, tools, next);
}
