/**
 * `a; b;;c` → `['a', 'b', 'c']`. Names are trimmed of HTTP white space (space and tab) only:
 * `String.prototype.trim` would also strip characters such as U+00A0, which belong to a name.
 */
export function splitPrivilegeNames(header: string): string[] {
  const names: string[] = [];
  for (const part of header.split(';')) {
    const name = trimHttpSpace(part);
    if (name !== '') names.push(name);
  }
  return names;
}

function isHttpSpace(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** `text` without the spaces and tabs at its ends. */
function trimHttpSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isHttpSpace(text.charCodeAt(start))) start++;
  while (end > start && isHttpSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
