import fc from 'fast-check';
import { headerText } from '../../src/entry-point/header-text';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** What WHATWG's strict UTF-8 decoder makes of `bytes`, or `undefined` where it refuses them. */
function reference(bytes: Uint8Array): string | undefined {
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

describe('headerText', () => {
  it('reads bytes that are UTF-8 as WHATWG strict UTF-8 does, and any others as latin1', () => {
    // Bytes near the boundaries of UTF-8's forms (overlongs, surrogates, truncations) as well as
    // any byte at all.
    const byte = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0x80, max: 0xff }),
      fc.constantFrom(0xc0, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0x80, 0xbf),
    );
    fc.assert(
      fc.property(fc.array(byte, { minLength: 1, maxLength: 24 }), (list) => {
        const bytes = Uint8Array.from(list);
        const asNodeReadsIt = Buffer.from(bytes).toString('latin1');
        // Not UTF-8: latin1 text as HTTP's older clients and a browser's fetch send it.
        const expected = reference(bytes) ?? asNodeReadsIt;
        expect(headerText(asNodeReadsIt, 'x-svc-user')).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('returns an ASCII value as it is, and nothing for an absent or empty one', () => {
    const value = 'ada lovelace';
    expect(headerText(value, 'x-svc-user')).toBe(value);
    expect(headerText('', 'x-svc-user')).toBeUndefined();
    expect(headerText(undefined, 'x-svc-user')).toBeUndefined();
  });

  it('keeps latin1 text that is not UTF-8, and reads UTF-8 that could also be latin1 as UTF-8', () => {
    expect(headerText(Buffer.from('Müller', 'latin1').toString('latin1'), 'x-svc-user')).toBe(
      'Müller',
    );
    expect(headerText(Buffer.from('Müller').toString('latin1'), 'x-svc-user')).toBe('Müller');
  });
});
