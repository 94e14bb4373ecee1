/**
 * How many of a request's header lines (`rawHeaders`, as Node keeps them: name, value, ...) are
 * named `name`, in any case; `name` is given in lower case. Node keeps one value of a header it
 * does not join (`Host`, `Content-Type`), where a proxy in front may read another line.
 */
export function headerLines(rawHeaders: readonly string[], name: string): number {
  const first = name.charCodeAt(0);
  let lines = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const line = rawHeaders[i] as string;
    // Length and first letter first: most lines are told apart without lower-casing them.
    const named =
      line.length === name.length &&
      (line.charCodeAt(0) | 0x20) === first &&
      line.toLowerCase() === name;
    if (named) lines++;
  }
  return lines;
}
