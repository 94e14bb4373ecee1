import fc from 'fast-check';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { BucketCounts, histogramText } from '../../src/observability/bucket-counts';
import { type Sample } from '../support/prometheus';

/** One family of one series, with `values` observed into buckets 1, 2 and 5. */
function family(labels: Record<string, string>, values: number[]) {
  const buckets = new BucketCounts([1, 2, 5]);
  for (const value of values) buckets.observe(value);
  const series = new Map([['only', { labels, buckets }]]);
  return { name: 'test_seconds', help: 'A help text\\ with a line\nbreak.', series };
}

describe('histogramText', () => {
  it('writes cumulative buckets, +Inf, the sum and the count of each series', () => {
    const text = histogramText(family({ method: 'mul' }, [0.5, 1, 1.5, 4, 9]));
    expect(text.split('\n')).toEqual([
      '# HELP test_seconds A help text\\\\ with a line\\nbreak.',
      '# TYPE test_seconds histogram',
      'test_seconds_bucket{method="mul",le="1"} 2',
      'test_seconds_bucket{method="mul",le="2"} 3',
      'test_seconds_bucket{method="mul",le="5"} 4',
      'test_seconds_bucket{method="mul",le="+Inf"} 5',
      'test_seconds_sum{method="mul"} 16',
      'test_seconds_count{method="mul"} 5',
    ]);
  });

  it('gives back any label value to a Prometheus text parser, on every line of the series', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const text = histogramText(family({ method: value }, [3]));
        // The parser reads a typed histogram without its labels: read its lines as untyped ones.
        const samples = text.split('\n').filter((line) => !line.startsWith('#'));
        const parsed = parsePrometheusTextFormat(`${samples.join('\n')}\n`) as {
          metrics: Sample[];
        }[];
        const lines = parsed.flatMap((metric) => metric.metrics);
        expect(lines).toHaveLength(samples.length);
        for (const line of lines) expect(line.labels?.method).toBe(value);
      }),
    );
  });
});
