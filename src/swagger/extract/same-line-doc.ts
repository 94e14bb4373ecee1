import { ts } from 'ts-morph';

/** What a JSDoc comment says: its text and its tags, as `[name, text]`. */
export interface SameLineDoc {
  readonly text: string | undefined;
  readonly tags: readonly [string, string][];
}

/** Reads a lone `/** … *\/` comment by parsing it in front of a statement of its own. */
function parseDoc(comment: string): SameLineDoc {
  const file = ts.createSourceFile('doc.ts', `${comment}\nvar _;`, ts.ScriptTarget.Latest, true);
  const [statement] = file.statements;
  const doc = statement && ts.getJSDocCommentsAndTags(statement).find(ts.isJSDoc);
  const text = ts.getTextOfJSDocComment(doc?.comment)?.trim();
  const tags = (doc?.tags ?? []).map((tag): [string, string] => [
    tag.tagName.text,
    (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(),
  ]);
  return { text: text || undefined, tags };
}

/**
 * The JSDoc comment written before a declaration on the line where the one before it ends
 * (`a: string; /** @minimum 1 *\/ b: number`, or right after `{`). TypeScript reads a member's
 * JSDoc only from the lines after that, so such a comment belongs to no one there; JSDoc means
 * it for what follows, and so does the generator.
 */
export function sameLineDoc(symbol: ts.Symbol): SameLineDoc | undefined {
  for (const declaration of symbol.declarations ?? []) {
    const { text } = declaration.getSourceFile();
    const ranges = ts.getTrailingCommentRanges(text, declaration.pos) ?? [];
    const jsDoc = ranges
      .filter((r) => r.kind === ts.SyntaxKind.MultiLineCommentTrivia)
      .map((r) => text.slice(r.pos, r.end))
      .filter((comment) => comment.startsWith('/**') && comment !== '/**/');
    const last = jsDoc[jsDoc.length - 1];
    if (last !== undefined) return parseDoc(last);
  }
  return undefined;
}
