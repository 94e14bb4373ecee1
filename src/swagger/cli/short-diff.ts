/**
 * A short line diff for `--check`: the first changed region only, at most `limit` lines of each
 * side, with the line number where it starts.
 *
 * @example
 * shortDiff('a\nb\n', 'a\nc\n') // '@@ line 2 @@\n- b\n+ c'
 */
export function shortDiff(before: string, after: string, limit = 20): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const side = (lines: string[], mark: string) => [
    ...lines.slice(0, limit).map((line) => `${mark} ${line}`),
    ...(lines.length > limit ? [`${mark} … ${lines.length - limit} more lines`] : []),
  ];
  return [
    `@@ line ${start + 1} @@`,
    ...side(a.slice(start, endA), '-'),
    ...side(b.slice(start, endB), '+'),
  ].join('\n');
}
