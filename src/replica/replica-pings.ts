import { setTimeout as delay } from 'node:timers/promises';
import { type NatsConnection, type Subscription } from 'nats';
import { pingSubject, type ReplicaStatus, WATCH_TIMING } from '../transport/nats/replica-ping';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A replica's answers to the pings of main servers. */
export interface PingAnswers {
  readonly subscription: Subscription;
  /**
   * Resolves once the main servers that watch the replica have heard it, to be called when the
   * subscription is in place (flushed): once it answered a ping and a ping period passed, in
   * which every main server pinged it, or after two periods with no ping at all.
   */
  introduced(): Promise<void>;
  /**
   * Resolves once no main server steers calls to the replica any more, to be called once its
   * answers say it drains: every main server that pinged it in the last two periods has sent
   * three pings since. The first answer says it drains; a main server takes it out of turn before
   * its next ping or the one after; a call it steered before that ping reached the replica before
   * it, since NATS keeps one connection's messages in order. At most `lostAfterMs`: a main server
   * that stopped pinging steers nothing.
   */
  leaving(): Promise<void>;
}

/** Watch pings seen from each main server, by the inbox their answers go to. */
interface Watcher {
  lastAt: number;
  /** Pings seen since {@link PingAnswers.leaving} was called. */
  since: number;
}

/** Pings a main server sends, after the first answer that says the replica drains, before its
 * steering is known to leave the replica out (see {@link PingAnswers.leaving}). */
const PINGS_TO_LEAVE = 3;

/**
 * Answers the pings of main servers for the replica on `subject` with its status in JSON. Every
 * replica answers (no queue group). A ping names the main server's inbox (an empty one is a
 * readiness check of an earlier release); `status` is asked for it, to list the calls it holds.
 */
export function answerPings(
  connection: NatsConnection,
  subject: string,
  status: (inbox: string) => ReplicaStatus,
): PingAnswers {
  let firstAnswer = () => {};
  const answered = new Promise<void>((resolve) => {
    firstAnswer = resolve;
  });
  const watchers = new Map<string, Watcher>();
  let left: (() => void) | undefined;
  const heard = (reply: string) => {
    // A watch ping's answers go to `<inbox>.w<round>` (replica-watch.ts).
    const cut = reply.lastIndexOf('.');
    if (reply.charCodeAt(cut + 1) !== 0x77 /* w */) return;
    const inbox = reply.slice(0, cut);
    const now = performance.now();
    const watcher = watchers.get(inbox);
    if (watcher === undefined) {
      // A main server first heard now steers nothing here before it heard the replica.
      if (left === undefined) watchers.set(inbox, { lastAt: now, since: 0 });
      forgetSilent(now);
      return;
    }
    watcher.lastAt = now;
    if (left !== undefined && ++watcher.since >= PINGS_TO_LEAVE) {
      watchers.delete(inbox);
      if (watchers.size === 0) left();
    }
  };
  const forgetSilent = (now: number) => {
    for (const [inbox, watcher] of watchers) {
      if (now - watcher.lastAt > 2 * WATCH_TIMING.pingEveryMs) watchers.delete(inbox);
    }
  };
  const subscription = connection.subscribe(pingSubject(subject), {
    callback: (error, msg) => {
      if (error || !msg.reply) return;
      heard(msg.reply);
      try {
        msg.respond(encoder.encode(JSON.stringify(status(decoder.decode(msg.data)))));
        firstAnswer();
      } catch {
        // The connection is closing: the pinger sees no answer, which is the truth.
      }
    },
  });
  return {
    subscription,
    async introduced() {
      const since = performance.now();
      // The wait that loses the race is cancelled: its timer would hold a closed replica's
      // process open.
      const done = new AbortController();
      const { signal } = done;
      const after = (ms: number) =>
        delay(Math.max(0, since + ms - performance.now()), 0, { signal });
      const period = WATCH_TIMING.pingEveryMs;
      try {
        await Promise.race([answered.then(() => after(period)), after(2 * period)]);
      } finally {
        done.abort();
      }
    },
    leaving() {
      if (left !== undefined) return Promise.resolve();
      forgetSilent(performance.now());
      const gone = new Promise<void>((resolve) => {
        left = resolve;
        if (watchers.size === 0) resolve();
      });
      // The cap is cleared once every main server let go: its timer would run on for up to 1.2 s.
      const done = new AbortController();
      const cap = delay(WATCH_TIMING.lostAfterMs, undefined, { ref: false, signal: done.signal });
      return Promise.race([gone, cap.catch(() => {})]).finally(() => done.abort());
    },
  };
}
