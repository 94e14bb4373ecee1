import { BucketCounts } from './bucket-counts';
import { type CallNames } from './known-names';
import { type Labels } from './tally';

// Up to a minute: a call may run for callTimeoutMs (30 s by default) and is answered 504 just after.
const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
];

/** A counted series: its labels and its count, as a collector reads them. */
type Entry = { labels: Labels; value: number };

/** Where the series of every method are written out: calls by key, durations by method. */
export interface MethodFamilies {
  /** The series of `portico_calls_total`, keyed by their labels. */
  readonly calls: Map<string, Entry>;
  /** The series of `portico_call_duration_seconds`, keyed by the method. */
  readonly durations: Map<string, { labels: Labels; buckets: BucketCounts }>;
}

/** The series of one method: its duration histogram and its calls by status and code. */
export class MethodSeries {
  readonly duration = new BucketCounts(DURATION_BUCKETS);
  private readonly outcomes = new Map<number, Map<string, Entry>>();

  constructor(
    private readonly names: CallNames,
    private readonly calls: Map<string, Entry>,
  ) {}

  /** Counts one call that ended with `status` and `code`. */
  countOutcome(status: number, code: string): void {
    let byCode = this.outcomes.get(status);
    if (!byCode) {
      byCode = new Map();
      this.outcomes.set(status, byCode);
    }
    const entry = byCode.get(code);
    if (entry) {
      entry.value++;
      return;
    }
    const { names } = this;
    const created = { labels: { ...names, status: String(status), code }, value: 1 };
    byCode.set(code, created);
    this.calls.set(
      `${names.microservice}/${names.service}/${names.method} ${status} ${code}`,
      created,
    );
  }
}

/** The series of every method, found by the method's {@link CallNames} object. */
export class MethodSeriesTable {
  private readonly perMethod = new Map<CallNames, MethodSeries>();

  constructor(private readonly families: MethodFamilies) {}

  /** The series of a method; `names` is the same object for every call of it. */
  of(names: CallNames): MethodSeries {
    let series = this.perMethod.get(names);
    if (!series) {
      series = new MethodSeries(names, this.families.calls);
      const key = `${names.microservice}/${names.service}/${names.method}`;
      this.families.durations.set(key, { labels: { ...names }, buckets: series.duration });
      this.perMethod.set(names, series);
    }
    return series;
  }
}
