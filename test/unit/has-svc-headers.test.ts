import fc from 'fast-check';
import { hasSvcHeaders, NO_SVC_HEADERS } from '../../src/entry-point/has-svc-headers';
import { readCallHeaders, SVC_HEADER_NAMES } from '../../src/entry-point/headers';

const DEFAULTS = {
  defaultApiId: 'ROA',
  defaultSequenceName: 'libBParamArrayJsonInOutSequence',
  defaultLocale: 'en',
} as const;

/** Header names near the `X-SVC-*` ones: each of them in random case, cut short, or bent. */
const names = fc.oneof(
  fc.constantFrom(...SVC_HEADER_NAMES, 'Host', 'Content-Type', 'X-SVC-', 'X-SVCX-User', 'x-sv-c'),
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 6 }).map((tail) => `x-svc-${tail}`),
);
const inRandomCase = (name: string, flips: boolean[]) =>
  [...name].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join('');

describe('hasSvcHeaders', () => {
  it('says whether a header line, in any case, names an X-SVC-* header', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(names, fc.array(fc.boolean(), { minLength: 1 })), { maxLength: 8 }),
        (lines) => {
          const raw = lines.flatMap(([name, flips]) => [inRandomCase(name, flips), 'v']);
          const named = lines.some(([name]) => name.toLowerCase().startsWith('x-svc-'));
          const long = lines.some(([name]) => /^x-svc-.+/i.test(name));
          expect(hasSvcHeaders(raw)).toBe(named && long);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('stands in for a request without X-SVC-* headers with the same call headers', () => {
    const plain = { host: 'a', 'content-type': 'application/json', accept: '*/*' };
    for (const format of ['json', 'xml'] as const) {
      const read = () => readCallHeaders(plain, format, DEFAULTS);
      const stood = () => readCallHeaders(NO_SVC_HEADERS, format, DEFAULTS);
      if (format === 'json') expect(stood()).toEqual(read());
      else expect(stood).toThrow(expect.objectContaining({ message: expect.any(String) }));
      if (format === 'xml') expect(read).toThrow();
    }
  });
});
