import { type NatsLink } from './nats-connection';

/** How long a readiness check waits for the first replica's answer. Default 1 000 ms. */
export const DEFAULT_PING_TIMEOUT_MS = 1000;

/**
 * The subject on which every replica of the microservice answering on `subject` answers pings,
 * each on its own (no queue group). A microservice name has no ".", so no call subject is one.
 */
export function pingSubject(subject: string): string {
  return `${subject}._ping`;
}

/** What a replica answers to a ping: who it is and how busy. */
export interface ReplicaStatus {
  readonly microservice: string;
  /** The id the replica names itself with in its replies. */
  readonly replica: string;
  readonly pid: number;
  /** Calls running now. */
  readonly running: number;
  /** Calls received that wait for a free slot. */
  readonly waiting: number;
  readonly concurrency: number;
}

/**
 * Whether a replica of the microservice on `subject` answers a ping within `timeoutMs`: false when
 * none listens, none answers in time, or NATS is away. The ping goes out as calls do (through the
 * link's inbox), so the replicas answer it with the same NATS permissions as calls.
 */
export async function pingReplicas(
  link: Pick<NatsLink, 'request'>,
  subject: string,
  timeoutMs = DEFAULT_PING_TIMEOUT_MS,
): Promise<boolean> {
  try {
    await link.request(pingSubject(subject), new Uint8Array(0), timeoutMs);
    return true;
  } catch {
    return false;
  }
}
