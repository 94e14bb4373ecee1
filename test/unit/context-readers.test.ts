import path from 'node:path';
import { type Node, Project, SyntaxKind } from 'ts-morph';
import { CONTEXT_READERS } from '../../src/swagger/context/context-readers';

const SRC = path.join(__dirname, '..', '..', 'src');

/** The statement of a source file that holds `node`: what a reference inside it belongs to. */
function topStatement(node: Node): Node {
  let current = node;
  while (current.getParent() && current.getParent()?.getKind() !== SyntaxKind.SourceFile) {
    current = current.getParent() as Node;
  }
  return current;
}

/** The names a top-level statement declares, as nodes to find references of. */
function declaredNames(statement: Node): Node[] {
  if (statement.isKind(SyntaxKind.VariableStatement)) {
    return statement.getDeclarations().map((d) => d.getNameNode());
  }
  const named = statement as Node & { getNameNode?: () => Node | undefined };
  const name = named.getNameNode?.();
  return name ? [name] : [];
}

/**
 * The exports of portico's entry from which its own code reaches `getCallContext()`: the
 * statements that reference it, those that reference these, and so on.
 */
function readingExports(): string[] {
  const project = new Project({ tsConfigFilePath: path.join(SRC, '..', 'tsconfig.build.json') });
  const seed = project
    .getSourceFileOrThrow(path.join(SRC, 'runtime/call-context.ts'))
    .getFunctionOrThrow('getCallContext');
  const reached = new Set<Node>([seed]);
  const queue: Node[] = [seed];
  for (let current = queue.pop(); current; current = queue.pop()) {
    for (const name of declaredNames(current)) {
      for (const reference of (
        name as Node & { findReferencesAsNodes(): Node[] }
      ).findReferencesAsNodes()) {
        if (reference.getFirstAncestorByKind(SyntaxKind.ImportDeclaration)) continue;
        if (reference.getFirstAncestorByKind(SyntaxKind.JSDoc)) continue;
        if (reference.getFirstAncestorByKind(SyntaxKind.ExportDeclaration)) continue;
        const statement = topStatement(reference);
        if (!reached.has(statement) && reached.add(statement)) queue.push(statement);
      }
    }
  }
  const entry = project.getSourceFileOrThrow(path.join(SRC, 'index.ts'));
  return [...entry.getExportedDeclarations()]
    .filter(([, declarations]) => declarations.some((d) => reached.has(topStatement(d))))
    .map(([name]) => name)
    .sort();
}

describe('CONTEXT_READERS', () => {
  it('names every export of portico whose code reaches getCallContext(), and no other', () => {
    expect(readingExports()).toEqual([...CONTEXT_READERS].sort());
  });
});
