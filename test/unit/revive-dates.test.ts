import fc from 'fast-check';
import { parseDatePath, reviveDates } from '../../src/client/revive-dates';

const name = fc.stringMatching(/^[A-Za-z_$][\w$]{0,8}$/);
const step = fc.oneof(name, fc.constant('*'));
const pathOf = (steps: readonly string[]) =>
  `$${steps.map((s) => (s === '*' ? '[*]' : `.${s}`)).join('')}`;

/** A value holding an ISO text at the end of `steps`, with a sibling field at every level. */
function holding(steps: readonly string[], iso: string): unknown {
  if (steps.length === 0) return iso;
  const [first, ...rest] = steps;
  if (first === '*') return [holding(rest, iso), holding(rest, iso)];
  return { [first as string]: holding(rest, iso), other: iso };
}

describe('parseDatePath', () => {
  it('reads back the steps of every path it can write', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 6 }), (steps) => {
        expect(parseDatePath(pathOf(steps))).toEqual(steps);
      }),
    );
  });

  it('refuses any other text with a message that shows the form', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^\$(\.[A-Za-z_$][\w$]*|\[\*\])*$/.test(text));
        expect(() => parseDatePath(text)).toThrow('is not a date path like $.items[*].at');
      }),
    );
  });
});

describe('reviveDates', () => {
  it('turns the texts at a path into Dates and leaves every other field alone', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 5 }),
        fc.date({ noInvalidDate: true }),
        (steps, date) => {
          fc.pre(!steps.includes('other'));
          const iso = date.toISOString();
          const revived = reviveDates(holding(steps, iso), [pathOf(steps)]);
          let level: unknown[] = [revived];
          for (const s of steps) {
            if (s !== '*') for (const v of level) expect((v as { other: unknown }).other).toBe(iso);
            level = level.flatMap((v) => (s === '*' ? (v as unknown[]) : [(v as never)[s]]));
          }
          for (const v of level) expect(v).toEqual(date);
        },
      ),
    );
  });

  it('leaves a missing or null optional field alone, and refuses a text that is not a date', () => {
    expect(reviveDates({ a: null }, ['$.a.b'])).toEqual({ a: null });
    expect(reviveDates({}, ['$.a'])).toEqual({});
    expect(reviveDates({ a: [] }, ['$.a[*]'])).toEqual({ a: [] });
    expect(() => reviveDates({ a: 'soon' }, ['$.a'])).toThrow(
      expect.objectContaining({ status: 502, code: 'BAD_REPLY' }),
    );
  });

  it('never follows a path into an inherited property', () => {
    const value = JSON.parse('{"__proto__":{"x":"2020-01-01T00:00:00Z"}}');
    expect(reviveDates({}, ['$.constructor'])).toEqual({});
    expect(reviveDates(value, ['$.__proto__.x'])).toEqual(value);
  });
});
