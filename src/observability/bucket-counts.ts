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
 * The family in the Prometheus text format, as prom-client's registry writes its own metrics.
 * prom-client's documented API has no way to hand it counts already made: its `Histogram` takes
 * one observation at a time and hashes the labels of each, which for three histograms a call is
 * more than the metrics' whole budget; so these counts are written here, after the registry's text.
 */
export function histogramText({ name, help, series }: HistogramFamily): string {
  const lines = [`# HELP ${name} ${escaped(help)}`, `# TYPE ${name} histogram`];
  for (const { labels, buckets } of series.values()) {
    const pairs = Object.entries(labels).map(([key, value]) => `${key}="${labelValue(value)}"`);
    const bucket = (le: string, value: number) =>
      lines.push(`${name}_bucket{${[...pairs, `le="${le}"`].join(',')}} ${value}`);
    let cumulative = 0;
    buckets.bounds.forEach((bound, i) => {
      cumulative += buckets.counts[i] as number;
      bucket(String(bound), cumulative);
    });
    bucket('+Inf', buckets.count);
    const set = pairs.length > 0 ? `{${pairs.join(',')}}` : '';
    lines.push(`${name}_sum${set} ${buckets.sum}`, `${name}_count${set} ${buckets.count}`);
  }
  return lines.join('\n');
}

/** Backslashes and line breaks escaped, as the text format wants in help texts. */
function escaped(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** A label value escaped: backslashes, line breaks and double quotes. */
function labelValue(text: string): string {
  return escaped(text).replace(/"/g, '\\"');
}
