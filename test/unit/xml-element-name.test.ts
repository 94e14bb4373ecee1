import fc from 'fast-check';
import { isXmlElementName } from '../../src/serialization/xml-chars';
import { parseXmlTree, XmlScanError } from '../../src/serialization/xml-parser';

/** Whether the server's own reader takes `<name>x</name>` as an element of that name. */
function readsBack(name: string): boolean {
  try {
    return parseXmlTree(`<${name}>x</${name}>`, 8).name === name;
  } catch (error) {
    if (error instanceof XmlScanError) return false;
    throw error;
  }
}

describe('isXmlElementName', () => {
  it.each([
    ['name', true],
    ['ok-name', true],
    ['_1st', true],
    ['größe', true],
    ['a b', false],
    ['1st', false],
    ['x:y', false],
    ['-a', false],
    ['', false],
    ['a>b', false],
  ])('%j is %s', (name, expected) => {
    expect(isXmlElementName(name)).toBe(expected);
  });

  it("agrees with the server's reader on every name without a colon", () => {
    const chars = fc.constantFrom('a', 'Z', '_', '-', '.', '1', ' ', 'é', 'ß', '\u0300', '<', '&');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 6 }), (parts) => {
        const name = parts.join('');
        expect(isXmlElementName(name)).toBe(name !== '' && readsBack(name));
      }),
    );
  });
});
