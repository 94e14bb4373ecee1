import { type Histogram, type Registry } from 'prom-client';

/** The observations of one histogram series: counts per bucket, their sum and their number. */
export class BucketCounts {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }

  /** Counts `value` in the first bucket whose upper bound is not below it. */
  observe(value: number): void {
    this.sum += value;
    this.count++;
    const { bounds } = this;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= (bounds[i] as number)) {
        (this.counts[i] as number)++;
        return;
      }
    }
  }
}

/** A histogram family: its series by key, each with its labels. */
export interface HistogramFamily {
  readonly name: string;
  readonly help: string;
  readonly series: ReadonlyMap<string, { labels: Record<string, string>; buckets: BucketCounts }>;
}

/**
 * Registers `family` in `registry`, written as a Prometheus histogram when scraped. prom-client's
 * own histograms hash their labels and build a closure on every observation, about half of what
 * metrics cost a call; these count into plain arrays, and prom-client writes them out from the
 * `get()` of a metric object, the form its registry takes for metrics it did not make itself.
 */
export function registerHistogram(registry: Registry, family: HistogramFamily): void {
  const { name, help } = family;
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: valuesOf(family),
    }),
  };
  registry.registerMetric(metric as unknown as Histogram);
}

function valuesOf(family: HistogramFamily) {
  const values: { metricName: string; labels: Record<string, string | number>; value: number }[] =
    [];
  for (const { labels, buckets } of family.series.values()) {
    let cumulative = 0;
    buckets.bounds.forEach((bound, i) => {
      cumulative += buckets.counts[i] as number;
      values.push({
        metricName: `${family.name}_bucket`,
        labels: { ...labels, le: bound },
        value: cumulative,
      });
    });
    values.push({
      metricName: `${family.name}_bucket`,
      labels: { ...labels, le: '+Inf' },
      value: buckets.count,
    });
    values.push({ metricName: `${family.name}_sum`, labels, value: buckets.sum });
    values.push({ metricName: `${family.name}_count`, labels, value: buckets.count });
  }
  return values;
}
