import fc from 'fast-check';
import { precondition, rangeOf } from '../../src/server/file-conditions';

const MTIME = new Date('2026-01-02T03:04:05.678Z');
const LAST_MODIFIED = MTIME.toUTCString();

describe('the Range header of a static file', () => {
  it('gives the whole file, one range inside it, or 416, whatever the header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.nat(1_000_000), (header, size) => {
        const answer = rangeOf(header, undefined, size, MTIME);
        if (answer.kind === 'part') {
          expect(0 <= answer.first && answer.first <= answer.last && answer.last < size).toBe(true);
        }
      }),
    );
  });

  it('serves bytes=first-last as RFC 9110 §14.1.2 reads it', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.nat(10_000), (first, last, size) => {
        const answer = rangeOf(`bytes=${first}-${last}`, undefined, size, MTIME);
        if (last < first) expect(answer).toEqual({ kind: 'whole' });
        else if (first >= size) expect(answer).toEqual({ kind: 'unsatisfiable' });
        else expect(answer).toEqual({ kind: 'part', first, last: Math.min(last, size - 1) });
      }),
    );
  });

  it('serves the last n bytes of bytes=-n, the file from first of bytes=first-', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (n, size) => {
        const suffix = rangeOf(`bytes=-${n}`, undefined, size, MTIME);
        if (n === 0 || size === 0) expect(suffix).toEqual({ kind: 'unsatisfiable' });
        else expect(suffix).toEqual({ kind: 'part', first: Math.max(0, size - n), last: size - 1 });
        const open = rangeOf(`bytes=${n}-`, undefined, size, MTIME);
        if (n >= size) expect(open).toEqual({ kind: 'unsatisfiable' });
        else expect(open).toEqual({ kind: 'part', first: n, last: size - 1 });
      }),
    );
  });

  it('reads a header of a million digits at once', () => {
    const digits = '7'.repeat(1_000_000);
    expect(rangeOf(`bytes=${digits}-`, undefined, 10, MTIME)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf(`bytes=0-${digits}`, undefined, 10, MTIME)).toEqual({
      kind: 'part',
      first: 0,
      last: 9,
    });
    expect(rangeOf(`bytes=${digits}`, undefined, 10, MTIME)).toEqual({ kind: 'whole' });
  });

  it('serves the range only while If-Range is the Last-Modified date', () => {
    const range = (ifRange: string) => rangeOf('bytes=0-0', ifRange, 10, MTIME).kind;
    expect(range(LAST_MODIFIED)).toBe('part');
    expect(range(new Date(MTIME.getTime() - 1000).toUTCString())).toBe('whole');
    expect(range('"an entity tag"')).toBe('whole');
    expect(range(`W/"${LAST_MODIFIED}"`)).toBe('whole');
  });
});

describe('the preconditions of a static file', () => {
  it('are read in the order of RFC 9110 §13.2.2, whatever the headers', () => {
    const header = fc.option(
      fc.oneof(fc.string({ maxLength: 80 }), fc.constant('*'), fc.constant(LAST_MODIFIED)),
      { nil: undefined },
    );
    fc.assert(
      fc.property(header, header, header, header, (ifMatch, unmodified, noneMatch, modified) => {
        const headers = {
          'if-match': ifMatch,
          'if-unmodified-since': unmodified,
          'if-none-match': noneMatch,
          'if-modified-since': modified,
        };
        const answer = precondition(headers, MTIME);
        if (ifMatch !== undefined && ifMatch.trim() !== '*') expect(answer).toBe(412);
        else if (answer !== 412 && noneMatch !== undefined) {
          expect(answer).toBe(noneMatch.trim() === '*' ? 304 : 'serve');
        }
      }),
    );
  });
});
