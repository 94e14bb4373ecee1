import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { attribute } from './phase-attribution';
import { runPhaseWindows } from './phase-run';
import { phaseTable } from './phase-table';
import { serverNode } from './server-node';

/**
 * Where the µs of one ROA JSON call go, by phase (`npm run bench:phases`): the example server of
 * the bench's `roa-json` row answers `POST {"a":2,"b":3}` to `mulTwo` from the bench's load
 * generator over keep-alive connections, for a warm-up, then a window that gives the server's CPU
 * time per call (user + system, from `/proc`), then a window under V8's sampling profiler whose
 * samples give the phases' shares (bench/phase-rules.ts). µs per call = share × CPU per call of
 * the window without the profiler, so that the profiler's own cost is not in the figures.
 */
const ROOT = path.resolve(__dirname, '../..');

const USAGE = `Usage: npm run bench:phases -- [options]
  --node PATH|current  the server's node binary (default as npm run bench: Node 24)
  --connections N      keep-alive connections (default 10)
  --warmup SEC         warm-up seconds (default 10)
  --duration SEC       seconds of each measured window (default 10)
  --calls N            calls of each measured window instead of seconds
  --interval US        the profiler's sampling interval in µs (default 100)
  --keep FILE          keep the window's profile (.cpuprofile, for Chrome's DevTools)`;

async function main(): Promise<void> {
  const { values: o } = parseArgs({
    options: {
      node: { type: 'string' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '10' },
      duration: { type: 'string', default: '10' },
      calls: { type: 'string' },
      interval: { type: 'string', default: '100' },
      keep: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (o.help) return void process.stdout.write(`${USAGE}\n`);
  const node = serverNode(o.node, ROOT);
  const figures = [o.connections, o.warmup, o.duration, o.interval, o.calls ?? 1].map(Number);
  if (figures.some((n) => !(n > 0))) throw new Error(`every figure must be a number > 0\n${USAGE}`);
  const [connections, warmupSeconds, durationSeconds, intervalUs] = figures;
  const windows = await runPhaseWindows({
    root: ROOT,
    node,
    connections: connections as number,
    warmupSeconds: warmupSeconds as number,
    durationSeconds: durationSeconds as number,
    intervalUs: intervalUs as number,
    calls: o.calls === undefined ? undefined : Number(o.calls),
  });
  if (o.keep) writeFileSync(o.keep, JSON.stringify(windows.profile));
  const attribution = attribute(windows.profile);
  const cpu = windows.plain.serverCpuUs;
  if (attribution.busy === 0) throw new Error('the profile holds no busy sample');
  if (cpu === undefined) throw new Error('no /proc: the server CPU time is unknown');
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const sampled = attribution.busyUs / windows.profiled.requests;
  process.stdout.write(
    `ROA JSON mulTwo, server on Node ${version}, ${connections} keep-alive connections, ` +
      `${warmupSeconds} s of warm-up, then two windows of ${o.calls ? `${o.calls} calls` : `${durationSeconds} s`}. Without the ` +
      `profiler: ${windows.plain.requests} calls, server CPU ${cpu.toFixed(2)} µs per call. ` +
      `Profiled (every ${intervalUs} µs): ${windows.profiled.requests} calls, ` +
      `${windows.profiled.serverCpuUs?.toFixed(2)} µs per call, ${attribution.busy} busy samples ` +
      `spanning ${sampled.toFixed(2)} µs per call.\n\n`,
  );
  process.stdout.write(phaseTable({ attribution, cpuUsPerCall: cpu }));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
