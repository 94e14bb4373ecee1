import fc from 'fast-check';
import { readCallHeaders } from '../../src/entry-point/read-call-headers';
import { SVC_HEADER_SPELLING } from '../../src/entry-point/svc-header-spelling';
import { NO_SVC_HEADERS, svcHeaderValues } from '../../src/entry-point/svc-header-values';

const DEFAULTS = {
  defaultApiId: 'ROA',
  defaultSequenceName: 'libBParamArrayJsonInOutSequence',
  defaultLocale: 'en',
} as const;

const SPELLED = Object.values(SVC_HEADER_SPELLING);

/** Header names near the `X-SVC-*` ones: each of them in random case, cut short, or bent. */
const names = fc.oneof(
  fc.constantFrom(...SPELLED, 'Host', 'Content-Type', 'X-SVC-', 'X-SVCX-User', 'x-sv-c'),
  fc.constantFrom(...SPELLED).map((name) => `${name}x`),
  fc.constantFrom(...SPELLED).map((name) => name.slice(0, -1)),
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 6 }).map((tail) => `x-svc-${tail}`),
);
const inRandomCase = (name: string, flips: boolean[]) =>
  [...name].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join('');

/** Node's header object as its documentation describes it: names lower-cased, repeats joined. */
function nodeHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const before = headers[name];
    headers[name] = before === undefined ? (raw[i + 1] as string) : `${before}, ${raw[i + 1]}`;
  }
  return headers;
}

describe('svcHeaderValues', () => {
  it('reads each X-SVC-* header in any case as Node does, repeats joined, others not at all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(names, fc.array(fc.boolean(), { minLength: 1 }), fc.string()), {
          maxLength: 8,
        }),
        (lines) => {
          const raw = lines.flatMap(([name, flips, value]) => [inRandomCase(name, flips), value]);
          const node = nodeHeaders(raw);
          const values = svcHeaderValues(raw);
          for (const [key, name] of Object.entries(SVC_HEADER_SPELLING)) {
            expect(values[key as keyof typeof SVC_HEADER_SPELLING]).toBe(node[name.toLowerCase()]);
          }
          const named = lines.some(([name]) => /^x-svc-.+/i.test(name));
          expect(values === NO_SVC_HEADERS).toBe(!named);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names the first X-SVC-* header sent on a second line, lower-cased', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(names, fc.option(fc.array(fc.boolean(), { minLength: 1 })), fc.string()),
          { maxLength: 8 },
        ),
        (lines) => {
          // As spelled (the first lookup finds it), or in random case (found lower-cased).
          const raw = lines.flatMap(([name, flips, value]) => [
            flips ? inRandomCase(name, flips) : name,
            value,
          ]);
          const known = new Set(SPELLED.map((name) => name.toLowerCase()));
          const seen = new Set<string>();
          let repeated: string | undefined;
          for (const [name] of lines) {
            const lower = name.toLowerCase();
            if (!known.has(lower)) continue;
            if (seen.has(lower)) repeated ??= lower;
            seen.add(lower);
          }
          expect(svcHeaderValues(raw).repeated).toBe(repeated);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives a request without X-SVC-* headers the defaults, and an XML body a 415', () => {
    const none = svcHeaderValues(['Host', 'a', 'Content-Type', 'application/json']);
    expect(none).toBe(NO_SVC_HEADERS);
    expect(readCallHeaders(none, 'json', DEFAULTS)).toEqual({
      apiId: 'ROA',
      sequenceName: DEFAULTS.defaultSequenceName,
      locale: 'en',
      privilegeNames: [],
    });
    expect(() => readCallHeaders(none, 'xml', DEFAULTS)).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_MEDIA_TYPE' }),
    );
  });
});
