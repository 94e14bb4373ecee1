import type { Logger } from 'pino';
import { FAULT_ERRORS } from './fault-errors';
import { noteHolds, unheldCalls } from './held-calls';
import { lostReplicas } from './lost-replicas';
import { type NatsLink } from './nats-connection';
import { type NatsEvents } from './nats-events';
import { readyWaiters } from './ready-waiters';
import { type ReplicaBook, replicaBook } from './replica-book';
import { pingSubject, type ReplicaStatus, readReplicaStatus, WATCH_TIMING } from './replica-ping';
import { type Round } from './replica-record';
import { type ReplicaSteer, replicaSteer } from './replica-steer';

/** Options of {@link watchReplicas}. */
export interface ReplicaWatchOptions {
  readonly link: NatsLink;
  readonly subject: string;
  readonly microservice: string;
  readonly logger: Logger;
  readonly events: NatsEvents | undefined;
  /** How long a lost replica is remembered; 10 minutes unless a test says otherwise. */
  readonly forgetAfterMs?: number;
}

/** The replicas of one microservice, as a main server sees them through its pings. */
export interface ReplicaWatch {
  /** Whether a replica that is neither lost, joining nor draining answered; waits a while for one. */
  ready(): Promise<boolean>;
  /** Where to send each call: to the replicas that answer, in turn (docs/faults.md). */
  readonly steer: ReplicaSteer;
  stop(): void;
}

/**
 * Pings the replicas of `subject` every `WATCH_TIMING.pingEveryMs` with the main server's inbox,
 * and learns from their answers which replica holds which call (docs/faults.md). A replica silent
 * for `lostAfterMs` is lost: the calls it holds are answered `REPLICA_LOST`. A call that a replica
 * held and no longer holds, with no reply come, is answered `REPLY_LOST`. A call that no replica
 * reports, once every replica heard answered a ping sent after the call's `takeBy`, is
 * `REPLICA_LOST` too: a replica not heard yet (one that started, or was killed before its first
 * answer came) may have taken it, so the watch never promises that a call did not run.
 */
export function watchReplicas(options: ReplicaWatchOptions): ReplicaWatch {
  const { link, subject, microservice, logger, events } = options;
  const mux = link.requests();
  // Under the subject the replicas may answer pings on (SECURITY.md); `w` keeps the rounds apart
  // from readiness pings' numbers.
  const inbox = `${mux.inbox}.${pingSubject(subject)}`;
  const book: ReplicaBook = replicaBook(options.forgetAfterMs);
  const steer = replicaSteer(subject, microservice, logger, (key) => book.get(key)?.replica ?? key);
  // Each ping round still awaited, by its number: when it was sent, and its place in the order.
  const rounds = new Map<number, Round>();
  let round = 0;
  let cuts = link.cuts;
  let mainCutSeq = 0;
  const waiters = readyWaiters();
  const ping = new TextEncoder().encode(mux.inbox);

  const answers = link.connection.subscribe(`${inbox}.*`, {
    callback: (error, msg) => {
      if (error) return;
      const token = msg.subject.slice(inbox.length + 1);
      const sent = token.startsWith('w') ? rounds.get(Number(token.slice(1))) : undefined;
      if (sent === undefined) return;
      const status = readReplicaStatus(msg.data);
      if (status) heard(status, sent);
    },
  });

  function heard(status: ReplicaStatus, sent: Round): void {
    const { key, seen, back, twin } = book.heard(status, sent, Date.now());
    const fields = { microservice, replica: status.replica };
    if (back) logger.warn(fields, 'replica back');
    if (twin) logger.warn({ ...fields, pid: status.pid }, 'two replicas answer with one id');
    // One that answers again is given calls at once, not from the next round on; not for an old
    // round, which a resumed replica answers first (it would be put back as silent). While none
    // could take a call, any answer reopens at once: one not steerable takes them in the group.
    const recent = sent.seq >= (rounds.get(round - 1)?.seq ?? 0);
    const takes = seen.steerable && !seen.draining && !seen.joining && !steer.has(key);
    if (recent && (takes || steer.closed() !== undefined)) steerNow();
    if (!status.holds) return;
    for (const id of noteHolds(mux, subject, key, status.holds)) {
      answer(id, 'reply-lost');
    }
    if (!seen.draining && !seen.joining) waiters.wakeAll(true);
  }

  /** New calls go to the replicas that answered one of the last two rounds. */
  function steerNow(): void {
    const { rotation, silent, closed } = book.serving(rounds.get(round - 1)?.seq ?? 0);
    steer.steerTo(rotation, silent, closed);
  }

  function answer(id: number, kind: keyof typeof FAULT_ERRORS): void {
    events?.fault(microservice, kind === 'unreported' ? 'replica-lost' : kind);
    mux.fail(id, FAULT_ERRORS[kind](microservice));
  }

  function tick(): void {
    const now = Date.now();
    if (link.cuts !== cuts) {
      // The main server's own connection was lost: replies to the calls sent so far may be too.
      cuts = link.cuts;
      mainCutSeq = mux.stamp();
    }
    if (!link.connected) {
      // The main server is the one cut off: nobody is lost for the time it is away.
      book.pause(now);
      return;
    }
    const lost = lostReplicas(mux, subject, book.silent(now, WATCH_TIMING.lostAfterMs), book.get);
    for (const id of lost.calls) answer(id, 'replica-lost');
    for (const { replica } of book.forget(now))
      logger.info({ microservice, replica }, 'replica forgotten');
    // None live: the last round sent, so that NATS's "no responders" to calls since comes first.
    const answered = book.answeredSince(rounds.get(round) ?? { at: 0, seq: 0 });
    if (answered !== undefined) {
      // Lost with a replica, or its reply lost with a connection: it may have run.
      const mayHaveRun = (seq: number) =>
        seq < mainCutSeq || book.cutSince(seq) || book.lostMayHold({ seq });
      for (const [id, kind] of unheldCalls(mux, subject, answered, mayHaveRun)) {
        if (kind === 'replica-lost') lost.credit(mux.pending.get(id));
        answer(id, kind);
      }
    }
    lost.log(logger, microservice);
    // Once the lost are logged, which marks those that left: why no call is sent says so.
    steerNow();
    rounds.set(++round, { at: now, seq: mux.stamp() });
    rounds.delete(round - ROUNDS_KEPT);
    try {
      link.connection.publish(pingSubject(subject), ping, { reply: `${inbox}.w${round}` });
    } catch {
      // The connection is closing; the next tick finds it down.
    }
  }

  const timer = setInterval(tick, WATCH_TIMING.pingEveryMs).unref();
  tick();
  return {
    steer,
    ready: () => waiters.wait(() => book.anyReady()),
    stop() {
      clearInterval(timer);
      answers.unsubscribe();
      waiters.wakeAll(false);
    },
  };
}

/** Answers to pings older than this many rounds are ignored. */
const ROUNDS_KEPT = 16;
