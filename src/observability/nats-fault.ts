import { Counter, type Registry } from 'prom-client';
import { type NatsFault } from './nats-fault-kind';
import { Tally, tallied } from './tally';

/** The counter of each fault of the NATS hop (docs/faults.md). */
const FAULT_COUNTERS = {
  'replica-lost': [
    'portico_nats_replica_lost_total',
    'Calls answered 502 REPLICA_LOST: the replica that held them died, hung, was cut off or left at the end of its drain grace.',
  ],
  'reply-lost': [
    'portico_nats_reply_lost_total',
    'Calls answered 502 REPLY_LOST: their replica answered them, but the reply never came.',
  ],
  cancel: [
    'portico_nats_cancels_total',
    'Calls answered 503 NOT_ACKNOWLEDGED: the replica read them after their take-by time, or left at the end of its drain grace before they started, and did not run them.',
  ],
  retry: [
    'portico_nats_retries_total',
    'Idempotent calls sent a second time after a replica fault, no-responders, or a replica without the method (an earlier version).',
  ],
  'late-reply': [
    'portico_nats_late_replies_total',
    'Replies that came after their call was answered; they are dropped.',
  ],
} as const satisfies Record<NatsFault, readonly [string, string]>;

/** Registers a counter per fault in `registers`; returns the function that counts one. */
export function faultCounters(
  registers: Registry[],
): (microservice: string, kind: NatsFault) => void {
  const tallies = new Map<NatsFault, Tally>();
  for (const [kind, [name, help]] of Object.entries(FAULT_COUNTERS)) {
    const tally = new Tally();
    tallies.set(kind as NatsFault, tally);
    tallied(Counter, tally, { name, help, labelNames: ['microservice'], registers });
  }
  return (microservice, kind) => tallies.get(kind)?.add(microservice, () => ({ microservice }));
}
