import { isNameStartChar } from './xml-chars';
import { XmlScanError } from './xml-scan-error';

/** A name or a namespace as a message shows it: cut after 64 characters, which tell it well enough. */
export function showName(name: string): string {
  return name.length > 64 ? `${name.slice(0, 64)}…` : name;
}

/**
 * Refuses a name with a colon that XML Namespaces 1.0 does not allow (production 7, QName): the
 * colon must part a non-empty prefix from a local part that starts as a name does, and be the only
 * one. The name runs from `start` to `end` of `text`, with its first colon at `colon`; the checks
 * look no further than its end, so a document of many names costs their length, not its square.
 */
export function checkQName(text: string, start: number, colon: number, end: number): void {
  let problem: string | undefined;
  if (colon === start) problem = 'an empty prefix';
  else if (colon + 1 === end) problem = 'an empty local part';
  else if (text.lastIndexOf(':', end - 1) > colon) problem = 'more than one colon';
  else if (!isNameStartChar(text.codePointAt(colon + 1) ?? -1)) {
    problem = 'a local part that does not start as a name';
  }
  if (problem === undefined) return;
  const name = showName(text.slice(start, end));
  throw new XmlScanError(
    `name ${name} at offset ${start} has ${problem}, which XML Namespaces 1.0 does not allow`,
  );
}
