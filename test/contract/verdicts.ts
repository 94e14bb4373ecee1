import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import fc from 'fast-check';
import { type NativeAppDefinition } from '../../src/microservices';
import { type Generation } from '../../src/swagger/cli/generate';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { describedIn, rmcBody, writeAsDescribed } from './document-writer';
import { mutate } from './mutations';
import { closedSchemas, isDateTime } from './project';
import { batchArb, type FieldSpec, rootsOf } from './random-classes';
import { type Schema, valueArb } from './schema-values';
import { type SequenceKind, seenBy } from './sequence-views';
import { toXml } from './xml-writer';

/** Turns a random batch into a project in `dir`: its deployment, document and source. */
export type BuildProject = (
  batch: FieldSpec[][],
  dir: string,
) => Promise<{
  app: NativeAppDefinition;
  generation: Generation;
  document: Schema;
  source: string;
}>;

/** The four sequences: how each is asked for, and how each writes a named value. */
export const SEQUENCES: readonly (readonly [
  SequenceKind,
  () => Record<string, string>,
  (name: string, value: unknown, schema: Schema, schemas: Record<string, Schema>) => string,
])[] = [
  ['libB JSON', () => json(), (_, v) => JSON.stringify(v)],
  [
    'libA JSON',
    () => json({ 'X-SVC-Sequence-Name': 'libAParamArrayJsonInOutSequence' }),
    (n, v) => JSON.stringify({ [n]: v }),
  ],
  ['libB XML', () => xml('libB'), (n, v, s, all) => toXml(n, v, s, all)],
  ['libA XML', () => xml('libA'), (n, v, s, all) => toXml(n, v, s, all)],
];

/** Checks the verdict of the document's schema against the server's answer, for every sequence. */
export async function checkVerdicts(context: {
  server: TestServer;
  operation: string;
  values: readonly unknown[];
  name: string;
  schemas: Record<string, Schema>;
}) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  // The string formats as ajv-formats' fast mode has them, but a date checks its month's days.
  addFormats(ajv, { mode: 'fast', formats: ['email', 'uuid', 'ipv4', 'hostname'] });
  ajv.addFormat('date', fullFormats.date);
  ajv.addFormat('date-time', isDateTime);
  const { server, operation, values, name, schemas } = context;
  // The name the document gives a root of this type (a class's name, `object` for an interface).
  const root = (schemas[name] as Schema).xml?.name ?? name;
  const validate = ajv.compile({ ...schemas[name], $defs: undefined, components: { schemas } });
  const mismatches: string[] = [];
  const verdicts = { allowed: 0, forbidden: 0 };
  for (const value of values) {
    for (const [sequence, headers, write] of SEQUENCES) {
      const allowed = validate(
        seenBy(sequence, value, { schema: schemas[name] as Schema, schemas }),
      );
      verdicts[allowed ? 'allowed' : 'forbidden']++;
      const body = write(root, value, schemas[name] as Schema, schemas);
      const answer = await send(server.url, operation, { headers: headers(), body });
      if ((answer.status === 200) !== allowed || (answer.status !== 200 && answer.status !== 400)) {
        mismatches.push(
          `${sequence} ${name} ${body}: schema ${allowed ? 'allows' : 'forbids'}, server ${answer.status} ${answer.text}`,
        );
      }
    }
  }
  return { mismatches, verdicts };
}

/**
 * Sends `value` to `root{k}` as the document says each sequence writes it, and expects the answer
 * to be exactly that text; sends the answer back, and as both arguments of `pair{k}` (RMC), and
 * expects both to read it as the same value.
 */
export async function checkRoundTrip(context: {
  server: TestServer;
  document: Schema;
  schemas: Record<string, Schema>;
  k: number;
  value: unknown;
}): Promise<string[]> {
  const { server, document, schemas, k, value } = context;
  const root = document.paths[`/random/random/root${k}`].post;
  const pair = document.paths[`/random/random/pair${k}`].post;
  const sent = describedIn(root.requestBody.content);
  const answered = describedIn(root.responses['200'].content);
  const pairs = describedIn(pair.responses['200'].content);
  const problems: string[] = [];
  for (const [sequence, headers] of SEQUENCES) {
    const body = writeAsDescribed(sequence, { described: sent, value, schemas });
    const first = await send(server.url, `/random/random/root${k}`, { headers: headers(), body });
    const described = writeAsDescribed(sequence, { described: answered, value, schemas });
    if (first.status !== 200 || first.text !== described) {
      problems.push(
        `${sequence} root${k} ${body}: ${first.status} ${first.text}, not ${described}`,
      );
      continue;
    }
    const again = await send(server.url, `/random/random/root${k}`, {
      headers: headers(),
      body: first.text,
    });
    if (again.status !== 200 || again.text !== first.text) {
      problems.push(`${sequence} root${k} read back ${first.text}: ${again.status} ${again.text}`);
    }
    const both = await send(server.url, `/random/random/pair${k}`, {
      headers: { ...headers(), 'X-SVC-API-ID': 'RMC' },
      body: rmcBody(sequence, [first.text, first.text]),
    });
    const expected = writeAsDescribed(sequence, {
      described: pairs,
      value: [value, value],
      schemas,
    });
    if (both.status !== 200 || both.text !== expected) {
      problems.push(
        `${sequence} pair${k} of ${first.text}: ${both.status} ${both.text}, not ${expected}`,
      );
    }
  }
  return problems;
}

/**
 * The two properties of the contract over random batches that `build` turns into a running
 * project: every value's verdict is the schema's, and every answer is what the document says.
 */
export function describeContract(title: string, build: BuildProject): void {
  async function start(batch: FieldSpec[][], dir: string) {
    const built = await build(batch, dir);
    expect(built.generation.diagnostics).toEqual([]);
    expect(built.generation.invalid).toBeUndefined();
    const server = await startTestServer({ microservices: [built.app], logLevel: 'silent' });
    return { ...built, schemas: closedSchemas(built.document), server };
  }

  describe(title, () => {
    let dir: string;
    let run = 0;
    beforeAll(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'portico-contract-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    function runDir(): string {
      const made = path.join(dir, `run${run++}`);
      mkdirSync(made);
      return made;
    }

    it('accepts every value the generated schema allows and refuses every other, in JSON and XML', async () => {
      await fc.assert(
        fc.asyncProperty(batchArb, fc.integer(), async (batch, seed) => {
          const { server, schemas, source } = await start(batch, runDir());
          const mismatches: string[] = [];
          const verdicts = { allowed: 0, forbidden: 0 };
          try {
            for (let i = 0; i < batch.length; i++) {
              const name = `C${i}`;
              const schema = schemas[name] as Schema;
              const valid = fc.sample(valueArb(schema, schemas), { numRuns: 10, seed: seed + i });
              const picks = fc.sample(fc.tuple(fc.nat(), fc.nat()), {
                numRuns: 30,
                seed: seed - i,
              });
              const cases = [
                ...valid,
                ...picks.map((pick, k) => mutate(valid[k % valid.length], schema, schemas, pick)),
              ];
              const operation = `/random/random/echo${i}`;
              const found = await checkVerdicts({
                server,
                operation,
                values: cases,
                name,
                schemas,
              });
              mismatches.push(...found.mismatches);
              verdicts.allowed += found.verdicts.allowed;
              verdicts.forbidden += found.verdicts.forbidden;
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

    it('writes what the document describes, and reads back what it writes, as a body and as RMC arguments', async () => {
      await fc.assert(
        fc.asyncProperty(batchArb, fc.integer(), async (batch, seed) => {
          const { server, schemas, source, document } = await start(batch, runDir());
          const problems: string[] = [];
          try {
            // The roots of rootsOf, and any a batch's source adds after them.
            const roots = Object.keys(document.paths).filter((p) => /\/root\d+$/.test(p));
            expect(roots.length).toBeGreaterThanOrEqual(rootsOf(batch).length);
            for (let k = 0; k < roots.length; k++) {
              const sent = document.paths[`/random/random/root${k}`].post.requestBody.content;
              const arb = valueArb(describedIn(sent).xml, schemas);
              for (const value of fc.sample(arb, { numRuns: 3, seed: seed + k })) {
                problems.push(...(await checkRoundTrip({ server, document, schemas, k, value })));
              }
            }
          } finally {
            await server.close();
          }
          if (problems.length > 0)
            throw new Error(`${problems.slice(0, 5).join('\n')}\n\n${source}`);
        }),
        { numRuns: 1, endOnFailure: true },
      );
    }, 120_000);
  });
}
