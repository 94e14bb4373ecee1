import { ts } from 'ts-morph';
import { porticoExportOf, resolveSymbol } from '../extract/portico-symbols';
import { isCallLike, scanCall } from './call-scan';
import { originOf } from './code-origin';
import { CONTEXT_READERS, DYNAMIC_CODE } from './context-readers';
import { codeOf } from './declaration-code';
import { type HandOverTools, handOverAssignment } from './hand-over';

/** What one piece of code does for the context reach: why it may read, or the code it may run. */
export interface Scan {
  readonly read?: string;
  readonly next: readonly ts.Node[];
}

/**
 * What scanning needs: the program and its checker, and the overrides of a member (in subclasses,
 * and the members that stand in for it by shape).
 */
export type ScanTools = HandOverTools;

const READERS: ReadonlySet<string> = new Set(CONTEXT_READERS);

/** Why a reference to `node` may read the context, or the code it may run. */
function scanReference(node: ts.Identifier, tools: ScanTools, next: ts.Node[]): string | undefined {
  const symbol = resolveSymbol(node, tools.checker);
  for (const declaration of symbol?.declarations ?? []) {
    const name = symbol?.name;
    switch (originOf(declaration, tools.program)) {
      case 'portico': {
        const reader = porticoExportOf(node, tools);
        if (reader && READERS.has(reader)) return `it uses ${reader}`;
        break;
      }
      case 'portico-dependent':
        return `it uses ${name}, of a package that depends on portico`;
      case 'ambient':
        if ((symbol?.flags ?? 0) & ts.SymbolFlags.Value)
          return `it uses ${name}, declared without its code`;
        break;
      case 'library':
        if (name !== undefined && DYNAMIC_CODE.has(name)) return `it uses ${name}`;
        break;
      default:
        next.push(...codeOf(declaration, tools.overrides));
    }
  }
  return undefined;
}

/**
 * Scans `code` (and every function nested in it, which it may call or hand on): why it may read
 * the call context, or else the code it may run, which the caller scans in turn. Types, and code
 * in type positions, run nothing.
 */
export function scanCode(code: ts.Node, tools: ScanTools): Scan {
  const next: ts.Node[] = [];
  let read: string | undefined;
  const visit = (node: ts.Node): void => {
    if (read !== undefined || ts.isTypeNode(node)) return;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isIdentifier(node)) read = scanReference(node, tools, next);
    else if (isCallLike(node)) read = scanCall(node, tools, next);
    else if (ts.isBinaryExpression(node)) read = handOverAssignment(node, tools, next);
    ts.forEachChild(node, visit);
  };
  visit(code);
  return read === undefined ? { next } : { read, next: [] };
}
