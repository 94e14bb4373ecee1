import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { send } from './http';

/** One sample of a family as the parser reads it. */
export interface Sample {
  readonly value: string;
  readonly labels?: Record<string, string>;
}

/** The families of a scrape, by name. */
export type Families = ReadonlyMap<string, { type: string; metrics: Sample[] }>;

/**
 * Scrapes `/-/metrics` and parses it with a Prometheus text parser. The parser folds a histogram's
 * series into one sample and loses their labels, so histograms are read as their series
 * (`_bucket`, `_sum`, `_count`), each a family of its own: their `# TYPE` lines are dropped first.
 */
export async function scrape(url: string, path = '/-/metrics'): Promise<Families> {
  const answer = await send(url, path, { method: 'GET' });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const types = new Map(
    [...answer.text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name, type]),
  );
  const text = answer.text.replace(/^# TYPE \S+ histogram\n/gm, '');
  const families = parsePrometheusTextFormat(text) as {
    name: string;
    type: string;
    metrics: Sample[];
  }[];
  // A histogram's series alternate per label set, so one name comes back as several families.
  const byName = new Map<string, { type: string; metrics: Sample[] }>();
  for (const { name, metrics } of families) {
    const family = byName.get(name) ?? { type: types.get(name) ?? '', metrics: [] };
    family.metrics.push(...metrics);
    byName.set(name, family);
  }
  return byName;
}

/** The samples of `name` whose labels include `labels`. */
export function samples(families: Families, name: string, labels: Record<string, string> = {}) {
  const family = families.get(name);
  return (family?.metrics ?? []).filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
  );
}

/** The sum of the values of `name`'s samples with `labels`. */
export function total(families: Families, name: string, labels: Record<string, string> = {}) {
  return samples(families, name, labels).reduce((sum, sample) => sum + Number(sample.value), 0);
}

/** Scrapes `url` until `holds` is true of the metrics; fails after `timeoutMs`. */
export async function scrapeUntil(
  url: string,
  holds: (families: Families) => boolean,
  timeoutMs = 10_000,
): Promise<Families> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const families = await scrape(url);
    if (holds(families)) return families;
    if (Date.now() > until)
      throw new Error(`the metrics did not turn as awaited in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
