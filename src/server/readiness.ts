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

/**
 * Creates the readiness of a main server whose native microservices go over `transports`. It is
 * false while starting and while draining; while serving it asks every carrier that can tell
 * (NATS pings its replicas), all at once, and is false while any of them says no.
 */
export function createReadiness(transports: ReadonlyMap<string, Transport>): Readiness {
  const readiness: Readiness = {
    phase: 'starting',
    async check() {
      const phase = readiness.phase;
      if (phase !== 'serving') return { ready: false, phase, reasons: [phase] };
      const answers = await Promise.all(
        [...transports].map(async ([name, transport]) => {
          const ready = transport.ready ? await transport.ready().catch(() => false) : true;
          return ready ? undefined : `no replica of ${name} answers`;
        }),
      );
      const reasons = answers.filter((reason) => reason !== undefined);
      return { ready: reasons.length === 0, phase, reasons };
    },
  };
  return readiness;
}
