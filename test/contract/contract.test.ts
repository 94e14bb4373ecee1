import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import ts from 'typescript';
import { type NativeAppDefinition } from '../../src/microservices';
import { generateDocument } from '../../src/swagger/cli/generate';
import { startTestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { asXmlSees, mutate, toXml } from './mutations';
import { batchArb, batchSource, type FieldSpec } from './random-classes';
import { type Schema, valueArb } from './schema-values';

const SRC = path.resolve(__dirname, '../../src/index.ts');

/** RFC 3339 date-time, checked here independently of the runtime's own reader. */
function isDateTime(text: string): boolean {
  const m =
    /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|([+-])(\d\d):(\d\d))$/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const sameDay = date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  const offset = m[9] === undefined || (Number(m[10]) < 24 && Number(m[11]) < 60);
  return sameDay && hour! < 24 && minute! < 60 && second! < 60 && offset;
}

/** Writes a batch as a project, generates its OpenAPI 3.1 document and loads its classes. */
async function build(batch: readonly FieldSpec[][], dir: string) {
  const source = batchSource(batch);
  const compilerOptions = {
    target: 'ES2022',
    module: 'commonjs',
    strict: true,
    types: [],
    noEmit: true,
    skipLibCheck: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    paths: { portico: [SRC] },
  };
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, include: ['service.ts'] }),
  );
  writeFileSync(path.join(dir, 'service.ts'), source);
  const generation = await generateDocument({
    project: path.join(dir, 'tsconfig.json'),
    title: 'Random',
    version: '1',
    openapi: '3.1',
  });
  const js = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  }).outputText;
  writeFileSync(path.join(dir, 'service.js'), js);
  const app = require(path.join(dir, 'service.js')).default as NativeAppDefinition;
  return { generation, app, source };
}

/** The document's schemas, each object closed as the runtime closes it (`additionalProperties`). */
function closedSchemas(document: Schema): Record<string, Schema> {
  const schemas: Record<string, Schema> = structuredClone(document.components.schemas);
  for (const schema of Object.values(schemas)) {
    if (schema.type === 'object' && schema.additionalProperties === undefined) {
      schema.additionalProperties = false;
    }
  }
  return schemas;
}

const SEQUENCES = [
  ['libB JSON', () => json(), (_: string, v: unknown) => JSON.stringify(v)],
  [
    'libA JSON',
    () => json({ 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' }),
    (n: string, v: unknown) => JSON.stringify({ [n]: v }),
  ],
  ['libB XML', () => xml('libB'), (n: string, v: unknown) => toXml(n, v)],
  ['libA XML', () => xml('libA'), (n: string, v: unknown) => toXml(n, v)],
] as const;

describe('the contract, on random payload classes', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portico-contract-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts every value the generated schema allows and refuses every other, in JSON and XML', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(batchArb, fc.integer(), async (batch, seed) => {
        const runDir = path.join(dir, `run${run++}`);
        mkdirSync(runDir);
        const { generation, app, source } = await build(batch, runDir);
        expect(generation.diagnostics).toEqual([]);
        expect(generation.invalid).toBeUndefined();
        const schemas = closedSchemas(generation.document as Schema);
        const ajv = new Ajv2020({ strict: false, allErrors: false });
        ajv.addFormat('date-time', isDateTime);
        const server = await startTestServer({ microservices: [app], logLevel: 'silent' });
        const mismatches: string[] = [];
        const verdicts = { allowed: 0, forbidden: 0 };
        try {
          for (let i = 0; i < batch.length; i++) {
            const name = `C${i}`;
            const schema = schemas[name] as Schema;
            const validate = ajv.compile({ ...schema, $defs: undefined, components: { schemas } });
            const valid = fc.sample(valueArb(schema, schemas), { numRuns: 10, seed: seed + i });
            const picks = fc.sample(fc.tuple(fc.nat(), fc.nat()), { numRuns: 30, seed: seed - i });
            const cases = [
              ...valid,
              ...picks.map((pick, k) => mutate(valid[k % valid.length], schema, schemas, pick)),
            ];
            for (const value of cases) {
              for (const [sequence, headers, write] of SEQUENCES) {
                const seen = sequence.endsWith('XML') ? asXmlSees(value, schema, schemas) : value;
                const allowed = validate(seen);
                verdicts[allowed ? 'allowed' : 'forbidden']++;
                const body = write(name, value);
                const answer = await send(server.url, `/random/random/echo${i}`, {
                  headers: headers(),
                  body,
                });
                if (
                  (answer.status === 200) !== allowed ||
                  (answer.status !== 200 && answer.status !== 400)
                ) {
                  mismatches.push(
                    `${sequence} ${name} ${body}: schema ${allowed ? 'allows' : 'forbids'}, server ${answer.status} ${answer.text}`,
                  );
                }
              }
            }
          }
        } finally {
          await server.close();
        }
        // Both verdicts must be exercised, or the property would hold for a server that says yes.
        expect(verdicts.allowed).toBeGreaterThan(20);
        expect(verdicts.forbidden).toBeGreaterThan(20);
        if (mismatches.length > 0) {
          throw new Error(`${mismatches.slice(0, 5).join('\n')}\n\n${source}`);
        }
      }),
      { numRuns: 1, endOnFailure: true },
    );
  }, 120_000);
});
