import { RemoteError } from '../errors';
import { type Transport } from '../protocol/envelope';

/** Where a main server is in its life: readiness is true only while `serving`. */
export type ServerPhase = 'starting' | 'serving' | 'draining';

/** The answer to a readiness check. */
export interface ReadinessReport {
  readonly ready: boolean;
  readonly phase: ServerPhase;
  /** Why it is not ready: the phase, or each microservice that no replica serves. */
  readonly reasons: readonly string[];
}

/** A main server's readiness: its phase, and whether each carrier can take calls. */
export interface Readiness {
  phase: ServerPhase;
  check(): Promise<ReadinessReport>;
}

/** How long the carriers' last answer stands for readiness: a flood of checks pings no more. */
export const READINESS_CACHE_MS = 1000;

/**
 * Creates the readiness of a main server whose native microservices go over `transports`. It is
 * false while starting and while draining, at once; while serving it asks every carrier that can
 * tell (NATS pings its replicas), all at once, and is false while any of them says no. The
 * carriers' answer is shared by every check while it is asked and for `cacheMs` after it came,
 * so that `/-/ready` requests, however many, ping each microservice at most once per interval.
 */
export function createReadiness(
  transports: ReadonlyMap<string, Transport>,
  cacheMs = READINESS_CACHE_MS,
): Readiness {
  let asked: { answer: Promise<string[]>; came?: number } | undefined;
  const askCarriers = () => {
    const now = performance.now();
    if (asked && (asked.came === undefined || now - asked.came < cacheMs)) return asked.answer;
    const entry: { answer: Promise<string[]>; came?: number } = { answer: reasonsOf(transports) };
    const came = () => {
      entry.came = performance.now();
    };
    entry.answer.then(came, came);
    asked = entry;
    return entry.answer;
  };
  const readiness: Readiness = {
    phase: 'starting',
    async check() {
      const phase = readiness.phase;
      if (phase !== 'serving') return { ready: false, phase, reasons: [phase] };
      const reasons = await askCarriers();
      return { ready: reasons.length === 0, phase, reasons };
    },
  };
  return readiness;
}

/** Why the carriers cannot take calls: one reason per microservice that no replica serves. */
async function reasonsOf(transports: ReadonlyMap<string, Transport>): Promise<string[]> {
  const answers = await Promise.all(
    [...transports].map(async ([name, transport]) => {
      // A carrier's RemoteError says why (NATS: the connection is down); anything else is no.
      const ready = transport.ready
        ? await transport.ready().catch((error: unknown) => error)
        : true;
      if (ready instanceof RemoteError) return `${name}: ${ready.message}`;
      return ready === true ? undefined : `no replica of ${name} answers`;
    }),
  );
  return answers.filter((reason) => reason !== undefined);
}
