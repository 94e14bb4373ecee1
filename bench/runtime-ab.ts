/**
 * `npm run bench:runtime-ab -- <other checkout>`: the server CPU that the microservice runtime
 * spends on one `mulTwo` call (bind the argument, call, check and write the result), in this
 * build and in another built checkout of portico, measured alternately in one process so that a
 * busy machine weighs on both alike. Prints the median nanoseconds per call of each and the gap.
 */
import path from 'node:path';
import { median } from './report';

interface Side {
  readonly handle: (envelope: unknown) => unknown;
  readonly envelopes: Readonly<Record<string, unknown>>;
}

const CALLS = 200_000;
const ROUNDS = 15;
const BODIES = {
  'libB JSON': ['libBParamArrayJsonInOutSequence', '{"a":2,"b":3}'],
  'libA XML': ['libAParamArrayXmlInOutSequence', '<mulInput><a>2</a><b>3</b></mulInput>'],
} as const;

/** Loads the runtime of the calc example from a built checkout (its `dist/`). */
function load(root: string): Side {
  const portico = require(path.join(root, 'dist/src/index.js'));
  const calc = require(path.join(root, 'dist/examples/calc/index.js')).default;
  const runtime = portico.createMicroserviceRuntime(calc);
  const context = { requestId: 'r', locale: 'en', privilegeNames: [], privileged: false };
  const envelopes = Object.fromEntries(
    Object.entries(BODIES).map(([name, [sequenceName, body]]) => [
      name,
      {
        version: portico.ENVELOPE_VERSION,
        ...{ microservice: 'calc', service: 'multiplier', method: 'mulTwo', apiId: 'ROA' },
        ...{ sequenceName, args: [body], context, deadline: Date.now() + 3_600_000 },
      },
    ]),
  );
  return { handle: (envelope) => runtime.handle(envelope), envelopes };
}

/** CPU nanoseconds per call of `side` on the body named `body`. */
function measure(side: Side, body: string): number {
  const envelope = side.envelopes[body];
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const reply = side.handle(envelope) as { ok: boolean };
    if (!reply.ok) throw new Error(`mulTwo failed: ${JSON.stringify(reply)}`);
  }
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / CALLS;
}

function main(): void {
  const other = process.argv[2];
  if (!other) throw new Error('usage: npm run bench:runtime-ab -- <other built checkout>');
  const sides = { other: load(path.resolve(other)), this: load(path.resolve(__dirname, '../..')) };
  for (const body of Object.keys(BODIES)) {
    const runs = { other: [] as number[], this: [] as number[] };
    measure(sides.other, body);
    measure(sides.this, body);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['other', 'this'] as const) : (['this', 'other'] as const);
      for (const side of order) runs[side].push(measure(sides[side], body));
    }
    const [a, b] = [median(runs.other), median(runs.this)];
    process.stdout.write(
      `mulTwo ${body}: other ${a.toFixed(0)} ns/call, this ${b.toFixed(0)} ns/call, this − other ${(b - a).toFixed(0)} ns\n`,
    );
  }
}

main();
