import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {
  npmInstall,
  type Running,
  run,
  startCommand,
  TYPESCRIPTS,
} from '../adopter/adopter-project';
import { send } from '../support/http';
import { packPortico } from '../support/package-tarball';
import { casesOf, checkOperation, swagger2AnswersOf, validatorOf } from './outside-checks';
import { operationsOf } from './outside-operations';
import { BUILD_SCRIPT, OUTSIDE_FILES } from './outside-project';
import { type Schema, valueArb } from './schema-values';
import { SEQUENCES } from './verdicts';

const { devDependencies } = require('../../package.json') as {
  devDependencies: Record<string, string>;
};
const pinned = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, devDependencies[name] as string]));
/** The newest TypeScript major, as `npm install typescript` gives it. */
const [[, TYPESCRIPT]] = TYPESCRIPTS;

const work = mkdtempSync(path.join(tmpdir(), 'portico-outside-'));
const dir = path.join(work, 'shop');
let server: Running;
let url: string;
let document: Schema;

/** The project as a user sets it up: npm init, the packed portico, its files, `npm run build`. */
function createProject(): void {
  mkdirSync(dir);
  run(dir, 'npm', ['init', '-y']);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  manifest.dependencies = { portico: `file:${packPortico(work)}`, ...pinned('re2js') };
  manifest.devDependencies = {
    typescript: TYPESCRIPT,
    ...pinned('ts-morph', '@apidevtools/swagger-parser'),
  };
  manifest.scripts = { build: BUILD_SCRIPT, start: 'portico start dist/main.js' };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  npmInstall(dir, []);
  for (const [name, text] of Object.entries(OUTSIDE_FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  run(dir, 'npm', ['run', 'build']);
}

/** A document the build wrote into public/. */
function readJson(name: string): Schema {
  return JSON.parse(readFileSync(path.join(dir, 'public', name), 'utf8'));
}

beforeAll(async () => {
  createProject();
  document = readJson('openapi.json');
  const bin = path.join(dir, 'node_modules', '.bin', 'portico');
  server = startCommand(dir, bin, ['start', 'dist/main.js', '--port', '0', '--host', '127.0.0.1']);
  url = `http://127.0.0.1:${await server.listening()}`;
}, 120_000);
afterAll(() => {
  server?.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('an outside project in plain TypeScript, installed from npm pack', () => {
  it('is written without OneOf, nullable or a typed @Field, and starts in contract mode', () => {
    const source = Object.values(OUTSIDE_FILES).join('\n');
    expect(source).not.toMatch(/OneOf|nullable|@Field\(\w/);
    expect(run(dir, 'npx', ['tsc', '--version']).stdout).toContain(`Version ${TYPESCRIPT}`);
    expect(server.output()).toContain(
      'contract mode: types come from the contract the build wrote',
    );
  });

  it('accepts every value the document allows and refuses every other, and answers as it says, ROA and RMC, in all four sequences', async () => {
    const { operations, schemas } = operationsOf(document);
    const valid = validatorOf(schemas);
    const swagger2 = swagger2AnswersOf(readJson('swagger.json'));
    const problems: string[] = [];
    const verdicts = { allowed: 0, forbidden: 0 };
    let seed = 7;
    for (const operation of operations) {
      const cases = casesOf(operation, schemas, seed++);
      const found = await checkOperation(url, { operation, cases, schemas }, valid, swagger2);
      problems.push(...found.problems);
      verdicts.allowed += found.verdicts.allowed;
      verdicts.forbidden += found.verdicts.forbidden;
    }
    expect(operations.filter((o) => o.rmc).length).toBeGreaterThanOrEqual(3);
    expect(verdicts.allowed).toBeGreaterThan(200);
    expect(verdicts.forbidden).toBeGreaterThan(200);
    expect(problems.slice(0, 8)).toEqual([]);
  }, 60_000);

  it.each([
    '/shop/books/wrongPage',
    '/shop/orders/wrongPayment',
    '/shop/orders/wrongLines',
    '/shop/orders/wrongBox',
  ])(
    '%s answers a value that does not fit its type: a 500 in every sequence',
    async (operation) => {
      for (const [sequence, headers] of SEQUENCES) {
        const body = sequence.endsWith('XML') ? '<paramArray/>' : '[]';
        const answer = await send(url, operation, {
          headers: { ...headers(), 'X-SVC-API-ID': 'RMC' },
          body,
        });
        expect([sequence, answer.status]).toEqual([sequence, 500]);
      }
    },
  );

  it("carries an alias's tags through a type argument: an order's shipBy is a Box<Day>", async () => {
    const { operations, schemas } = operationsOf(document);
    expect(schemas.Box_Day?.properties.content).toEqual({ type: 'string', format: 'date' });
    const place = operations.find((o) => o.path === '/shop/orders/place') as { request: Schema };
    const [order] = fc.sample(valueArb(place.request, schemas), { numRuns: 1, seed: 3 });
    const libB = SEQUENCES[0]?.[1] as () => Record<string, string>;
    const placed = (content: string) =>
      send(url, '/shop/orders/place', {
        headers: libB(),
        body: JSON.stringify({ ...(order as object), shipBy: { content } }),
      });
    expect((await placed('2024-02-29')).status).toBe(200);
    const refused = await placed('2024-02-30');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('field shipBy.content: expected a date');
  });

  it('takes an optional ROA parameter left out: an empty body', async () => {
    const libB = SEQUENCES[0]?.[1] as () => Record<string, string>;
    const answer = await send(url, '/shop/orders/greet', { headers: libB(), body: '' });
    expect(answer).toMatchObject({ status: 200, text: '"nobody"' });
  });
});
