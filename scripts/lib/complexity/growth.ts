/** One reader of client bytes fed one adversarial family of inputs. */
export interface ComplexityCase {
  readonly reader: string;
  readonly family: string;
  /**
   * The smallest size measured; 4n and 16n follow. Large enough (an input of 100 KB or more) that
   * every size allocates past the CPU caches and V8's small-object pages: below that, memory
   * effects alone make a linear reader look superlinear.
   */
  readonly n: number;
  /** The input of size `n`, as a client would send it. */
  make(n: number): string;
  /** Reads the input as the server does. */
  read(input: string): unknown;
  /** A part of the message the input must be refused with; without it, it must be read. */
  readonly refused?: string;
}

/** What was measured of one case. */
export interface GrowthRow {
  readonly reader: string;
  readonly family: string;
  readonly n: number;
  /** Milliseconds per read at n, 4n and 16n; a size skipped after a slow one is `undefined`. */
  readonly ms: readonly (number | undefined)[];
  /** The growth exponent k of time ∝ size^k, from the smallest to the largest size measured. */
  readonly exponent: number;
}

/** How a run measures. */
export interface GrowthOptions {
  /** Timings per size; the smallest counts, which is what noise cannot lower. */
  readonly repeats: number;
  /** A read slower than this (quadratic time) ends the case: larger sizes would take minutes. */
  readonly budgetMs: number;
}

const SIZES = [1, 4, 16] as const;
const gc = (globalThis as { gc?: () => void }).gc;

/** Runs `read` once; refusals are part of the work, and checked by {@link checkOutcome}. */
function readOnce(c: ComplexityCase, input: string): void {
  try {
    c.read(input);
  } catch {
    // Refused: the time to refuse is what is measured.
  }
}

/** Makes sure the case does the work it claims: read, or refused for the reason it names. */
export function checkOutcome(c: ComplexityCase, input: string): void {
  let message: string | undefined;
  try {
    c.read(input);
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  const wrong =
    c.refused === undefined
      ? message !== undefined && `it was refused: ${message}`
      : (message === undefined || !message.includes(c.refused)) &&
        `it was not refused with "${c.refused}": ${message ?? 'it was read'}`;
  if (wrong) throw new Error(`${c.reader}, ${c.family}: ${wrong.slice(0, 300)}`);
}

/**
 * CPU milliseconds of `iterations` reads of `input`. CPU time, not the clock: on a busy machine
 * the process waits for a core, and that wait is not the reader's.
 */
function time(c: ComplexityCase, input: string, iterations: number): number {
  const started = process.cpuUsage();
  for (let i = 0; i < iterations; i++) readOnce(c, input);
  return cpuMsSince(started);
}

function cpuMsSince(started: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/** Reads per timing: enough that the smallest size takes ten milliseconds or more. */
function calibrate(c: ComplexityCase, input: string): number {
  let iterations = 1;
  while (iterations < 4096 && time(c, input, iterations) < 10) iterations *= 2;
  return iterations;
}

/** Measures one case at n, 4n and 16n: warmed up, the smallest of `repeats` timings each. */
export function measure(c: ComplexityCase, options: GrowthOptions): GrowthRow {
  const inputs = SIZES.map((k) => c.make(k * c.n));
  const first = inputs[0] as string;
  // A reader already over the budget at n is refused at once: 4n and 16n would take minutes.
  const started = process.cpuUsage();
  checkOutcome(c, first);
  const checked = cpuMsSince(started);
  if (checked > options.budgetMs) return row(c, [checked]);
  for (let i = 0; i < 3; i++) readOnce(c, first);
  const iterations = calibrate(c, first);
  const ms: number[] = [];
  for (const input of inputs) {
    let best = Number.POSITIVE_INFINITY;
    for (
      let r = 0;
      r < options.repeats && (r === 0 || best * iterations <= options.budgetMs);
      r++
    ) {
      gc?.();
      best = Math.min(best, time(c, input, iterations) / iterations);
    }
    ms.push(best);
    if (best * iterations > options.budgetMs) break;
  }
  return row(c, ms);
}

function row(c: ComplexityCase, ms: readonly number[]): GrowthRow {
  return { reader: c.reader, family: c.family, n: c.n, ms, exponent: exponentOf(ms) };
}

/** k in time ∝ size^k, between the first and the last size measured. */
function exponentOf(ms: readonly (number | undefined)[]): number {
  const last = ms.length - 1;
  const first = ms[0] as number;
  const end = ms[last] as number;
  if (last === 0) return Number.POSITIVE_INFINITY;
  return Math.log(end / first) / Math.log((SIZES[last] as number) / SIZES[0]);
}
