/**
 * `npm run bench:swagger`: generate-swagger at scale. Builds fixture projects of 50, 100 and 200
 * services with 10 methods each (nested payload types), times `generate-swagger` and `tsc --noEmit`
 * on each (alternating, median of the repeats, pinned to one core where taskset works), and prints
 * the ratio and the marginal cost per service between sizes, which is flat when growth is linear.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { choosePinning } from './processes';
import { median } from './report';
import { writeSwaggerFixture } from './swagger-fixture';

const ROOT = path.resolve(__dirname, '../..');

interface SizeResult {
  readonly services: number;
  readonly methods: number;
  readonly tscMs: number;
  readonly generateMs: number;
  readonly ratio: number;
  readonly operations: number;
}

/** Runs `node args` (pinned to `core` if given) and returns its wall time in ms; throws on failure. */
function timeNode(args: readonly string[], core: string | undefined): number {
  const command =
    core === undefined ? [process.execPath] : ['taskset', '-c', core, process.execPath];
  const started = process.hrtime.bigint();
  const run = spawnSync(command[0] as string, [...command.slice(1), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stdout}${run.stderr}`);
  return ms;
}

function measureSize(services: number, methods: number, repeats: number, core: string | undefined) {
  const dir = path.join(ROOT, 'bench/results/swagger-scale', String(services));
  const porticoTypes = path.join(ROOT, 'dist/src/index.d.ts');
  writeSwaggerFixture(dir, { services, methodsPerService: methods, porticoTypes });
  const project = path.join(dir, 'tsconfig.json');
  const out = path.join(dir, 'swagger.json');
  const tsc = [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project];
  const generate = ['bin/generate-swagger.js', '--project', project, '--title', 'Scale'];
  const generateArgs = [...generate, '--api-version', '1.0.0', '--out', out];
  const tscMs: number[] = [];
  const generateMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    tscMs.push(timeNode(tsc, core));
    generateMs.push(timeNode(generateArgs, core));
  }
  const document = JSON.parse(readFileSync(out, 'utf8')) as { paths?: object };
  const operations = Object.keys(document.paths ?? {}).length;
  if (operations !== services * methods) {
    throw new Error(`expected ${services * methods} operations, the document has ${operations}`);
  }
  const result = { services, methods, tscMs: median(tscMs), generateMs: median(generateMs) };
  return { ...result, ratio: result.generateMs / result.tscMs, operations };
}

function perAddedService(results: readonly SizeResult[], i: number, key: 'tscMs' | 'generateMs') {
  const r = results[i] as SizeResult;
  const previous = results[i - 1];
  if (!previous) return '–';
  return ((r[key] - previous[key]) / (r.services - previous.services)).toFixed(1);
}

function formatResults(results: readonly SizeResult[]): string {
  const lines = [
    '| services | methods | tsc --noEmit ms | generate-swagger ms | ratio | tsc ms per added service | generate ms per added service |',
    '|---:|---:|---:|---:|---:|---:|---:|',
  ];
  results.forEach((r, i) => {
    lines.push(
      `| ${r.services} | ${r.services * r.methods} | ${Math.round(r.tscMs)} | ` +
        `${Math.round(r.generateMs)} | ${r.ratio.toFixed(2)} | ` +
        `${perAddedService(results, i, 'tscMs')} | ${perAddedService(results, i, 'generateMs')} |`,
    );
  });
  return lines.join('\n');
}

function main(argv: readonly string[]): number {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      sizes: { type: 'string', default: '50,100,200' },
      methods: { type: 'string', default: '10' },
      repeats: { type: 'string', default: '3' },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  const methods = Number(values.methods);
  const repeats = Math.max(1, Number(values.repeats));
  const core = choosePinning(os.availableParallelism()).server;
  const results: SizeResult[] = [];
  for (const services of sizes) {
    process.stderr.write(`${services} services × ${methods} methods...\n`);
    results.push(measureSize(services, methods, repeats, core));
  }
  const outDir = path.join(ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const report = { date: new Date().toISOString(), node: process.version, repeats, results };
  writeFileSync(path.join(outDir, 'swagger-scale.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${formatResults(results)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
