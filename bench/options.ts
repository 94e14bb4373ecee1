import { parseArgs } from 'node:util';

/** How a benchmark run is shaped; every figure can be shortened for a quick smoke run. */
export interface BenchOptions {
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly connections: readonly number[];
  /** Row ids to run (the baselines always run); empty for all. */
  readonly rows: readonly string[];
  /** Requests of the memory check; 0 skips it. */
  readonly memoryRequests: number;
  /** Warm-up requests of the memory check before its first reading. */
  readonly memoryWarmup: number;
  /** Write V8 CPU profiles of the servers to this directory. */
  readonly profileDir: string | undefined;
  readonly outDir: string;
  /** The node binary the servers run on; the load generator stays on the bench's own. */
  readonly node: string | undefined;
  /** Another built checkout whose portico rows run beside this build's, as `<row>-before`. */
  readonly against: string | undefined;
  /** Start every server anew for each round, so that rounds are not the figures of one process. */
  readonly fresh: boolean;
}

/** The usage text of `npm run bench`. */
export const BENCH_USAGE = `Usage: npm run bench -- [options]
  --duration SEC        measured seconds per run (default 10; env BENCH_DURATION)
  --warmup SEC          warm-up seconds before each run (default 2; env BENCH_WARMUP)
  --rounds N            interleaved rounds, each figure is the median (default 5; env BENCH_ROUNDS)
  --connections LIST    connection counts (default 10,100)
  --rows LIST           row ids to run besides the baselines (default all)
  --memory-requests N   requests of the memory check, 0 to skip (default 200000)
  --memory-warmup N     warm-up requests before its first reading (default 100000)
  --profile DIR         write the servers' CPU profiles (node --cpu-prof) to DIR
  --out DIR             where the JSON table goes (default bench/results)
  --node PATH|current   run the servers on this node binary (default: Node 24: the bench's own
                        if it is 24 or later, else node@24 from npm, kept in bench/results/)
  --against DIR         also run every portico row on another built checkout (DIR/bin/portico.js),
                        each row next to its twin, and print this build against it: the
                        mean extra CPU per request, its 95% interval and a verdict
  --fresh               start the servers (and the nats-server) anew for every round, and under
                        --against run the twin first in every other round: slower, but each
                        round is a sample of new processes, not of one process's luck
Quick smoke run: npm run bench -- --duration 2 --warmup 1 --rounds 1 --memory-requests 20000 --memory-warmup 20000`;

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0`);
  return value;
}

function list(text: string | undefined): string[] {
  return (text ?? '').split(',').filter((item) => item !== '');
}

/** Reads the options from the command line, then the environment, then the defaults. */
export function parseBenchOptions(argv: readonly string[], env = process.env): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      rows: { type: 'string' },
      'memory-requests': { type: 'string' },
      'memory-warmup': { type: 'string' },
      profile: { type: 'string' },
      out: { type: 'string' },
      node: { type: 'string' },
      against: { type: 'string' },
      fresh: { type: 'boolean' },
    },
  });
  const connections = list(values.connections).map((c) => positive('connections', c, 10));
  return {
    durationSeconds: positive('duration', values.duration ?? env.BENCH_DURATION, 10),
    warmupSeconds: positive('warmup', values.warmup ?? env.BENCH_WARMUP, 2),
    rounds: Math.max(1, Math.round(positive('rounds', values.rounds ?? env.BENCH_ROUNDS, 5))),
    connections: connections.length > 0 ? connections : [10, 100],
    rows: list(values.rows),
    memoryRequests: Math.round(positive('memory-requests', values['memory-requests'], 200000)),
    memoryWarmup: Math.round(positive('memory-warmup', values['memory-warmup'], 100000)),
    profileDir: values.profile,
    outDir: values.out ?? 'bench/results',
    node: values.node,
    against: values.against,
    fresh: values.fresh ?? false,
  };
}
