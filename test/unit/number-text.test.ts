import fc from 'fast-check';
import { isDateText, isIntText, isNumberText } from '../../src/serialization/number-text';

// The patterns these readers replace: right on short texts, quadratic on long digit runs.
const INT_PATTERN = /^[+-]?\d+$/;
const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Short texts made of the characters that number and date texts are built of. */
const numberish = fc
  .array(fc.constantFrom('0', '1', '9', '.', 'e', 'E', '+', '-', 'x', ' '), { maxLength: 12 })
  .map((chars) => chars.join(''));
const dateish = fc
  .array(fc.constantFrom('2', '0', '-', 'T', ':', '.', 'Z', '+', '5', 'x'), { maxLength: 32 })
  .map((chars) => chars.join(''));
const nearDate = fc
  .tuple(
    fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }),
    fc.integer({ min: 0, max: 40 }),
    fc.constantFrom('', 'x', '+02:00', '-0130', '+2'),
  )
  .map(([date, cut, zone]) => date.toISOString().slice(0, cut) + zone);

describe('isIntText', () => {
  it('agrees with the integer pattern', () => {
    fc.assert(fc.property(numberish, (text) => isIntText(text) === INT_PATTERN.test(text)));
  });
});

describe('isNumberText', () => {
  it('agrees with the number pattern', () => {
    fc.assert(
      fc.property(numberish, (text) => isNumberText(text) === NUMBER_PATTERN.test(text)),
      { numRuns: 5000 },
    );
  });

  it.each(['12', '-1.5', '.5', '5.', '1e-7', '+2.5E10'])('takes %s', (text) => {
    expect(isNumberText(text)).toBe(true);
  });

  it.each(['', '.', '+', '1e', '1e+', 'e5', '1.2.3', '1 ', '0x10'])('refuses %j', (text) => {
    expect(isNumberText(text)).toBe(false);
  });

  it('reads a million digits that end in a letter in one pass', () => {
    expect(isNumberText(`${'1'.repeat(1_000_000)}x`)).toBe(false);
    expect(isNumberText(`${'1'.repeat(500_000)}.${'2'.repeat(500_000)}`)).toBe(true);
  });
});

describe('isDateText', () => {
  it('agrees with the date pattern', () => {
    fc.assert(
      fc.property(fc.oneof(dateish, nearDate), (text) => {
        return isDateText(text) === DATE_PATTERN.test(text);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    '2024-05-01',
    '2024-05-01T10:20',
    '2024-05-01T10:20:30.123456789Z',
    '2024-05-01T10:20+0130',
  ])('takes %s', (text) => expect(isDateText(text)).toBe(true));
});
