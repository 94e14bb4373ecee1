import { UNKNOWN } from './known-names';
import { type Labels } from './tally';

/** The label value of the replies of replicas beyond the most that are counted one by one. */
export const OTHER_REPLICAS = '_other';

/** Most replica ids counted one by one per microservice; the replies of any further ones count as {@link OTHER_REPLICAS}. */
export const MOST_REPLICAS_PER_MICROSERVICE = 100;

/** One series: its labels and its count, as prom-client's collector reads them. */
interface Entry {
  readonly labels: Labels;
  value: number;
}

/** The series of one microservice, by replica id. */
interface PerMicroservice {
  readonly byReplica: Map<string, Entry>;
  /** Replica ids counted one by one so far (the fixed values not included). */
  named: number;
}

/**
 * NATS replies counted by microservice and replica, with a bounded number of series: replicas that
 * restart forever (each with a new pid in its default id), or a replica that names itself anew in
 * every reply, cannot grow them. The first {@link MOST_REPLICAS_PER_MICROSERVICE} ids of a
 * microservice are counted one by one; later ones as {@link OTHER_REPLICAS}, and a reply that
 * named no replica, or could not be read, as `_unknown`. A reply costs two map lookups.
 */
export class ReplicaReplies {
  private readonly perMicroservice = new Map<string, PerMicroservice>();

  /** `series` is where every new series is added, keyed by its labels, for the collector. */
  constructor(
    private readonly series: Map<string, Entry>,
    private readonly most = MOST_REPLICAS_PER_MICROSERVICE,
  ) {}

  /** Counts one reply of `microservice` from `replica`. */
  add(microservice: string, replica: string | undefined): void {
    let counts = this.perMicroservice.get(microservice);
    if (!counts) {
      counts = { byReplica: new Map(), named: 0 };
      this.perMicroservice.set(microservice, counts);
    }
    const entry = counts.byReplica.get(replica ?? UNKNOWN);
    if (entry) entry.value++;
    else this.addSeries(microservice, counts, replica);
  }

  private addSeries(microservice: string, counts: PerMicroservice, replica: string | undefined) {
    const named = replica !== undefined && counts.named < this.most;
    const label = replica === undefined ? UNKNOWN : named ? replica : OTHER_REPLICAS;
    // Only the replies of replicas beyond the most find their series here.
    const other = counts.byReplica.get(label);
    if (other) {
      other.value++;
      return;
    }
    if (named) counts.named++;
    const entry = { labels: { microservice, replica: label }, value: 1 };
    counts.byReplica.set(label, entry);
    this.series.set(`${microservice} ${label}`, entry);
  }
}
