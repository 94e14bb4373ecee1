import type { Logger } from 'pino';
import { type Closed } from './replica-book';
import { replicaSubject } from './replica-ping';

/** Where a main server sends each call of one microservice (docs/faults.md). */
export interface ReplicaSteer {
  /** The own subject of the next replica in turn, or undefined for the queue group. */
  next(): string | undefined;
  /** Takes the replica of `to` out of turn until the next ping round: NATS found nobody there. */
  skip(to: string): void;
  /**
   * Set while every replica heard drains or is lost: a call sent to the queue group could reach
   * only one that leaves (and be lost as it goes), or one that hangs, so none is sent.
   */
  closed(): Closed | undefined;
}

/** A {@link ReplicaSteer} that the replica watch tells which replicas answer. */
export interface SteerControl extends ReplicaSteer {
  /**
   * The replicas to take turns from now on, and those that stopped answering for a while (neither
   * lost nor draining), by id; logs the replicas that fall silent, and those that answer again.
   * `closed`: why no replica can take a call now.
   */
  steerTo(rotation: readonly string[], silent: readonly string[], closed?: Closed): void;
  /** Whether the replica `id` takes its turns now. */
  has(id: string): boolean;
}

/**
 * Round robin over the replicas that answered one of the last two ping rounds: a replica that
 * stops answering gets no new call from the next round on, long before it is counted lost.
 */
export function replicaSteer(
  subject: string,
  microservice: string,
  logger: Logger,
  nameOf: (id: string) => string = (id) => id,
): SteerControl {
  // The own subjects of the replicas in turn: the one list that next(), skip() and has() read.
  let subjects: string[] = [];
  let turn = 0;
  // The replicas logged silent, until they answer again or are lost.
  const silent = new Set<string>();
  let shut: Closed | undefined;
  return {
    closed: () => shut,
    next() {
      if (subjects.length === 0) return undefined;
      turn = turn + 1 < subjects.length ? turn + 1 : 0;
      return subjects[turn];
    },
    has: (id) => subjects.includes(replicaSubject(subject, id)),
    skip(to) {
      subjects = subjects.filter((other) => other !== to);
    },
    steerTo(rotation, now, closed) {
      shut = closed;
      for (const id of now) {
        if (silent.has(id)) continue;
        silent.add(id);
        logger.info({ microservice, replica: nameOf(id) }, 'replica silent: no new calls');
      }
      for (const id of silent) {
        if (now.includes(id)) continue;
        silent.delete(id);
        if (rotation.includes(id))
          logger.info({ microservice, replica: nameOf(id) }, 'replica answers again');
      }
      subjects = rotation.map((id) => replicaSubject(subject, id));
    },
  };
}
