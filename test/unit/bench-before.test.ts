import fc from 'fast-check';
import { compareBefore, formatBefore, twinsFirstInEvenRounds, verdictOf } from '../../bench/before';
import { type LoadResult } from '../../bench/load';
import { meanWithNoise } from '../../bench/report';
import { type RowSpec } from '../../bench/rows';

const ROW: RowSpec = {
  id: 'roa-json',
  label: 'ROA JSON mulTwo',
  server: 'portico',
  path: '/calc/multiplier/mulTwo',
  headers: {},
  body: '{}',
  status: 200,
};

function run(serverCpuUs: number | undefined, rps = 20_000): LoadResult {
  return {
    requests: rps,
    seconds: 1,
    rps,
    p50Ms: 1,
    p99Ms: 2,
    statusCounts: { 200: rps },
    errors: 0,
    timeouts: 0,
    serverCpuUs,
  };
}

/** Results of `roa-json` and its twin at 100 connections, one run per round. */
function results(after: (number | undefined)[], before: (number | undefined)[]) {
  return new Map([
    ['roa-json', new Map([[100, after.map((us) => run(us))]])],
    ['roa-json-before', new Map([[100, before.map((us) => run(us))]])],
  ]);
}

describe('npm run bench --against: the comparison with another build', () => {
  it('gives the mean extra CPU time per request with its 95% interval, round by round', () => {
    // Differences 1, 3, 2, 2: mean 2, sample sd 0.816, t(3) = 3.182, half-width 1.30.
    const [line] = compareBefore([ROW], [100], results([41, 43, 42, 42], [40, 40, 40, 40]));
    expect(line?.extraCpuUs).toBeCloseTo(2, 6);
    expect(line?.noiseUs).toBeCloseTo(1.299, 3);
    expect(formatBefore(line ? [line] : [])).toContain(
      '| ROA JSON mulTwo | 100 | 1.00 | +2.0 ± 1.3 | SLOWER |',
    );
  });

  it('calls a difference within the noise when its interval holds zero', () => {
    // Processes of one build can sit several µs apart: +6 and −4 say nothing either way.
    const [line] = compareBefore([ROW], [100], results([46, 36, 44, 38], [40, 40, 40, 40]));
    expect(line && verdictOf(line)).toBe('within the noise');
    const [faster] = compareBefore([ROW], [100], results([37, 38, 37, 38], [40, 40, 40, 40]));
    expect(faster && verdictOf(faster)).toBe('faster');
  });

  it('says when one round cannot tell the noise, and when no CPU time was read', () => {
    const [one] = compareBefore([ROW], [100], results([45], [40]));
    expect(one && verdictOf(one)).toBe('one round: no noise known');
    expect(formatBefore(one ? [one] : [])).toContain('| +5.0 | one round');
    // Without /proc there is no CPU time: the row keeps its req/s ratio and claims nothing else.
    const blind = compareBefore([ROW], [100], results([undefined, undefined], [undefined, 1]));
    expect(formatBefore(blind)).toContain('| ROA JSON mulTwo | 100 | 1.00 | – | – |');
  });

  it('puts each twin first in even rounds only, and leaves rows without a twin where they are', () => {
    const row = (id: string) => ({ ...ROW, id });
    const rows = ['node-http', 'roa-json', 'roa-json-before', 'a', 'a-before', 'b'].map(row);
    const ids = (round: number) => twinsFirstInEvenRounds(rows, round).map((r) => r.id);
    expect(ids(1)).toEqual(['node-http', 'roa-json', 'roa-json-before', 'a', 'a-before', 'b']);
    expect(ids(2)).toEqual(['node-http', 'roa-json-before', 'roa-json', 'a-before', 'a', 'b']);
    expect(rows.map((r) => r.id)).toEqual(ids(3));
  });

  it('has an interval that holds the mean and narrows as rounds agree', () => {
    const values = fc.array(fc.double({ min: -50, max: 50, noNaN: true }), {
      minLength: 2,
      maxLength: 40,
    });
    fc.assert(
      fc.property(values, (differences) => {
        const { mean, halfWidth } = meanWithNoise(differences);
        expect(halfWidth).toBeGreaterThanOrEqual(0);
        expect(Math.min(...differences) - 1e-9).toBeLessThanOrEqual(mean);
        expect(Math.max(...differences) + 1e-9).toBeGreaterThanOrEqual(mean);
        // The same spread over twice the rounds: a narrower interval.
        const twice = meanWithNoise([...differences, ...differences]);
        expect(twice.halfWidth).toBeLessThanOrEqual(halfWidth + 1e-9);
      }),
    );
  });
});
