import { type Counter, Gauge, type Registry } from 'prom-client';

/** Label names and values of one series. */
export type Labels = Record<string, string>;

/** Counts kept as plain numbers, by the key of their labels. */
export class Tally {
  readonly entries = new Map<string, { labels: Labels; value: number }>();

  add(key: string, labels: () => Labels, value = 1): void {
    const entry = this.entries.get(key);
    if (entry) entry.value += value;
    else this.entries.set(key, { labels: labels(), value });
  }

  /** The series of `key`, made with `labels` and a count of 0 when there is none: to count in. */
  entry(key: string, labels: Labels): { labels: Labels; value: number } {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { labels, value: 0 };
      this.entries.set(key, entry);
    }
    return entry;
  }
}

/** A counter or gauge of prom-client that takes the tally's counts whenever it is scraped. */
export function tallied(
  kind: typeof Counter | typeof Gauge,
  tally: Tally,
  config: { name: string; help: string; labelNames: string[]; registers: Registry[] },
): void {
  new kind({
    ...config,
    collect(this: Counter | Gauge) {
      this.reset();
      for (const { labels, value } of tally.entries.values()) {
        if (this instanceof Gauge) this.set(labels, value);
        else this.inc(labels, value);
      }
    },
  });
}
