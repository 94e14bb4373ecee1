import fc from 'fast-check';
import { checkJsonSurrogates } from '../../src/serialization/json-surrogates';
import { BindError } from '../../src/serialization/sequence';

/** True when the check refuses `text`. */
function refused(text: string): boolean {
  try {
    checkJsonSurrogates(text);
    return false;
  } catch (error) {
    if (error instanceof BindError && error.code === 'MALFORMED_BODY') return true;
    throw error;
  }
}

/** Strings of UTF-16 code units that favour surrogates, backslashes and the letter u. */
const units = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.constantFrom(0x5c, 0x75, 0x22, 0x41),
      fc.integer({ min: 0, max: 0xffff }),
    ),
    { maxLength: 12 },
  )
  .map((codes) => String.fromCharCode(...codes));

/** `String.prototype.isWellFormed`, which Node 20 has; spelled out for the ES2023 library. */
const wellFormed = (text: string) =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** A JSON text with every code unit beyond ASCII written as a `\\u` escape. */
const escapedAll = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('checkJsonSurrogates', () => {
  it('refuses a JSON text exactly when one of its strings holds a surrogate alone', () => {
    fc.assert(
      fc.property(fc.array(units, { maxLength: 4 }), (strings) => {
        // JSON.stringify writes a surrogate alone as an escape, a pair as it is; escapedAll
        // writes pairs as escapes too.
        const text = JSON.stringify({ [strings[0] ?? 'k']: strings });
        const alone = !strings.every(wellFormed);
        return refused(text) === alone && refused(escapedAll(text)) === alone;
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['"\\ud83d\\ude00"', false],
    ['"\\uD83D\\uDE00"', false],
    ['"\\\\ud800"', false],
    ['"\\\\\\ud800"', true],
    ['"\\ud800"', true],
    ['"\\udc00"', true],
    ['"\\ud800\\u0041"', true],
    ['"\\ud800x"', true],
    ['{"\\udfff":1}', true],
    ['"\\u00e9\\n"', false],
  ])('reads %s as %s', (text, isRefused) => {
    expect(refused(text)).toBe(isRefused);
  });
});
