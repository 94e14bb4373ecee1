import { post } from '../../scripts/lib/load';
import { pause } from './wait';

/** One call of a chaos run: when it went and came back (`performance.now()`), and how it ended. */
export interface ChaosCall {
  readonly id: string;
  readonly slow: boolean;
  readonly sent: number;
  answered?: number;
  status?: number;
  code?: string;
}

/** Callers that send, each in turn, a fast and a slow job to `path`, until stopped. */
export interface ChaosLoad {
  readonly calls: readonly ChaosCall[];
  /** Stops sending and resolves once every call sent has its answer. */
  stop(): Promise<void>;
}

/** Starts `callers` callers; job ids begin with `prefix`; a slow job takes `slowMs`. */
export function startChaosLoad(
  baseUrl: string,
  path: string,
  { prefix, callers, slowMs }: { prefix: string; callers: number; slowMs: number },
): ChaosLoad {
  const calls: ChaosCall[] = [];
  let stopped = false;
  let n = 0;
  const caller = async (index: number) => {
    for (let turn = index; !stopped; turn++) {
      const slow = turn % 2 === 1;
      const call: ChaosCall = { id: `${prefix}${n++}`, slow, sent: performance.now() };
      calls.push(call);
      const body = JSON.stringify(`${call.id}:${slow ? slowMs : 10}`);
      const answer = await post({ baseUrl, path }, false, call.id, body);
      call.answered = performance.now();
      call.status = answer.status;
      if (answer.status !== 200) {
        try {
          call.code = JSON.parse(answer.body).error.code;
        } catch {
          call.code = `HTTP ${answer.status}`;
        }
      }
      // A caller whose call was refused at once waits a little, as a client would (not a wait
      // for an event: it only spaces out the calls while no replica is there).
      if (answer.status >= 500 && call.answered - call.sent < 50) await pause(50);
    }
  };
  const running = Array.from({ length: callers }, (_, i) => caller(i));
  return {
    calls,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** What became of the calls in flight at a fault, as the closing table shows it. */
export interface FaultRow {
  readonly fault: string;
  readonly inFlight: number;
  /** How they ended: `200 ×n`, `502 REPLICA_LOST ×n`, … */
  readonly endings: string;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly duplicates: number;
  readonly lost: number;
  readonly readiness: string;
}

/** The calls sent before `at` and answered after it (or never). */
export function inFlightAt(calls: readonly ChaosCall[], at: number): ChaosCall[] {
  return calls.filter((call) => call.sent < at && (call.answered ?? Number.POSITIVE_INFINITY) > at);
}

/** Summarises the calls in flight at a fault at `at`. */
export function faultRow(
  fault: string,
  inFlight: readonly ChaosCall[],
  at: number,
  rest: Pick<FaultRow, 'duplicates' | 'readiness'>,
): FaultRow {
  const endings = new Map<string, number>();
  for (const call of inFlight) {
    const key = call.status === 200 ? '200' : `${call.status} ${call.code}`;
    endings.set(key, (endings.get(key) ?? 0) + 1);
  }
  const after = inFlight
    .filter((call) => call.answered !== undefined)
    .map((call) => Math.round((call.answered as number) - at))
    .sort((a, b) => a - b);
  const rank = (q: number) =>
    after[Math.min(after.length - 1, Math.ceil(q * after.length) - 1)] ?? 0;
  return {
    fault,
    inFlight: inFlight.length,
    endings: [...endings].map(([key, count]) => `${key} ×${count}`).join(', '),
    p50: rank(0.5),
    p99: rank(0.99),
    max: after.at(-1) ?? 0,
    lost: inFlight.filter((call) => call.answered === undefined || call.status === 0).length,
    ...rest,
  };
}

/** The rows as a Markdown table. */
export function faultTable(rows: readonly FaultRow[]): string {
  const head =
    '| fault | in flight | ended (codes) | p50/p99/max ms after the fault | duplicates | lost | readiness |';
  const lines = rows.map(
    (r) =>
      `| ${r.fault} | ${r.inFlight} | ${r.endings} | ${r.p50}/${r.p99}/${r.max} | ${r.duplicates} | ${r.lost} | ${r.readiness} |`,
  );
  return [head, '|---|---|---|---|---|---|---|', ...lines].join('\n');
}
