/** Text of XML elements: what the parser decodes and every writer of XML escapes. */

/** Decodes the five predefined entities and numeric character references of checked text. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, ref: string) => {
    switch (ref) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return String.fromCodePoint(
          ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10),
        );
    }
  });
}

/** Escapes text for an XML element, dropping characters that XML cannot carry. */
export function escapeXmlText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  if (!/[&<>]/.test(clean)) return clean;
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
