import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileTypesProject } from '../contract/types-project';
import { send } from '../support/http';

const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'portico.js');

/** Starts `portico start <module>` and resolves with its port and what it logged so far. */
async function start(module: string) {
  const child = spawn(
    process.execPath,
    [BIN, 'start', module, '--host', '127.0.0.1', '--port', '0'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /"port":(\d+),"msg":"main server listening"/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, port, output: () => output };
}

const GENERATE = [
  '--project',
  'tsconfig.json',
  '--title',
  'Shelf',
  '--api-version',
  '1',
  '--out',
  'swagger.json',
  '--contract',
  'dist/portico-contract.json',
];

describe('portico start with a contract beside the compiled code', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-start-contract-'));
  let module: string;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, 'dist', 'src', 'cli', 'portico.js'))) {
      throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
    }
    module = compileTypesProject(dir);
    // The contract, as the command line writes it: what the refusal below names.
    const generated = spawnSync(
      process.execPath,
      [path.join(ROOT, 'bin', 'generate-swagger.js'), ...GENERATE],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(generated.stderr).toContain('generate-swagger: wrote dist/portico-contract.json\n');
    expect(generated.status).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says that it runs in contract mode, and binds by the types', async () => {
    const server = await start(module);
    try {
      expect(server.output()).toContain(
        '"msg":"contract mode: types come from the contract the build wrote"',
      );
      const url = `http://127.0.0.1:${server.port}`;
      const headers = { 'Content-Type': 'application/json' };
      const patched = await send(url, '/shelf/books/patch', { headers, body: '{}' });
      expect(patched).toMatchObject({ status: 200, text: '{"name":"nobody"}' });
      const refused = await send(url, '/shelf/books/list', { headers, body: '"drama"' });
      expect(refused.status).toBe(400);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('says that it runs in decorator mode without one', async () => {
    const server = await start('dist/examples/calc/index.js');
    try {
      expect(server.output()).toContain('"msg":"decorator mode: types come from the decorators');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('refuses a stale contract in one line that names the command to run', () => {
    const text = readFileSync(module, 'utf8');
    writeFileSync(module, `${text}\n// edited after the contract was written`);
    try {
      const result = spawnSync(process.execPath, [BIN, 'start', module], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      const command = /; run (.*)\n$/.exec(result.stderr)?.[1];
      expect(command).toBe(`npx generate-swagger ${GENERATE.join(' ')}`);
      expect(result.stderr).toMatch(
        /^portico: .*portico-contract\.json is stale: .*service\.js changed since it was written; run (.*)\n$/,
      );
    } finally {
      writeFileSync(module, text);
    }
  });

  it('refuses a stale contract in portico microservice too, before it connects', () => {
    const text = readFileSync(module, 'utf8');
    writeFileSync(module, `${text}\n// edited after the contract was written`);
    try {
      const result = spawnSync(
        process.execPath,
        [BIN, 'microservice', module, '--nats', 'nats://127.0.0.1:1'],
        { cwd: ROOT, encoding: 'utf8', timeout: 20_000 },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /^portico microservice: .*portico-contract\.json is stale: .*service\.js changed since it was written; run npx generate-swagger .*--contract dist\/portico-contract\.json\n$/,
      );
    } finally {
      writeFileSync(module, text);
    }
  });
});
