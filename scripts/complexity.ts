import { parseArgs } from 'node:util';
import { CHARACTER_CASES } from './lib/complexity/character-cases';
import { FORMAT_CASES } from './lib/complexity/format-cases';
import { type ComplexityCase, type GrowthRow, measure } from './lib/complexity/growth';
import { HEADER_CASES } from './lib/complexity/header-cases';
import { JSON_CASES, JSON_REFUSED_CASES } from './lib/complexity/json-cases';
import { SHAPE_CASES } from './lib/complexity/shape-cases';
import { SPLITTER_CASES } from './lib/complexity/splitter-cases';
import { TEXT_CASES } from './lib/complexity/text-cases';
import { XML_CASES } from './lib/complexity/xml-cases';

/**
 * Measures how the time of every reader of client bytes grows with its input, for adversarial
 * families of inputs (long runs of digits, attributes, nesting, white space, references, list
 * items, ...): each is read at n, 4n and 16n, and the table shows the growth exponent k of
 * time ∝ size^k. Linear reading gives about 1, quadratic 2; the run fails above --max-exponent.
 *
 *   npm run complexity -- --max-exponent 1.5 --repeats 7 --only XML
 *
 * `--shard k/n` measures every n-th case from the k-th: n processes share the cases, and CI runs
 * them beside each other (each counts its own CPU time, which a neighbour does not lengthen).
 */
const { values } = parseArgs({
  options: {
    'max-exponent': { type: 'string', default: '1.5' },
    repeats: { type: 'string', default: '5' },
    'budget-ms': { type: 'string', default: '2000' },
    only: { type: 'string' },
    shard: { type: 'string', default: '1/1' },
  },
});
const maxExponent = Number(values['max-exponent']);
const options = { repeats: Number(values.repeats), budgetMs: Number(values['budget-ms']) };
const shardOf = /^(\d+)\/(\d+)$/.exec(values.shard as string);
const [shard, shards] = [Number(shardOf?.[1]), Number(shardOf?.[2])];
if (!shardOf || shard < 1 || shard > shards) {
  console.error(`complexity: --shard takes k/n with 1 <= k <= n, not ${values.shard}`);
  process.exit(2);
}

const cases: ComplexityCase[] = [
  ...JSON_CASES,
  ...JSON_REFUSED_CASES,
  ...XML_CASES,
  ...CHARACTER_CASES,
  ...SPLITTER_CASES,
  ...TEXT_CASES,
  ...HEADER_CASES,
  ...FORMAT_CASES,
  ...SHAPE_CASES,
]
  .filter((c) => !values.only || `${c.reader} ${c.family}`.includes(values.only))
  .filter((_, i) => i % shards === shard - 1);

const COLUMNS = ['reader', 'family', 'n', 't(n) ms', 't(4n) ms', 't(16n) ms', 'exponent'];

function cells(row: GrowthRow): string[] {
  const ms = [0, 1, 2].map((i) =>
    row.ms[i] === undefined ? 'skipped' : (row.ms[i] as number).toFixed(3),
  );
  const exponent = Number.isFinite(row.exponent) ? row.exponent.toFixed(2) : 'too slow';
  return [row.reader, row.family, String(row.n), ...ms, exponent];
}

function printTable(rows: readonly string[][]): void {
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  const line = (r: readonly string[]) =>
    `| ${r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join(' | ')} |`;
  console.log(line(rows[0] as string[]));
  console.log(
    `|${widths.map((w, i) => (i < 2 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const r of rows.slice(1)) console.log(line(r));
}

const rows: string[][] = [COLUMNS];
const over: GrowthRow[] = [];
for (const c of cases) {
  let row = measure(c, options);
  // Noise only ever slows a timing: a reader over the threshold is measured once more, and the
  // lower exponent counts. A quadratic one stays far above it both times.
  if (!(row.exponent <= maxExponent)) {
    const again = measure(c, options);
    if (again.exponent < row.exponent) row = again;
  }
  rows.push(cells(row));
  if (!(row.exponent <= maxExponent)) over.push(row);
  process.stderr.write('.');
}
process.stderr.write('\n');
printTable(rows);
if (over.length > 0) {
  console.log(`\n${over.length} reader(s) grow faster than size^${maxExponent}:`);
  for (const row of over) console.log(`  ${row.reader}, ${row.family}: ${cells(row)[6]}`);
  process.exitCode = 1;
} else {
  console.log(
    `\nEvery reader grows at most as size^${maxExponent} (${cases.length} cases${shards > 1 ? `, shard ${shard}/${shards}` : ''}).`,
  );
}
