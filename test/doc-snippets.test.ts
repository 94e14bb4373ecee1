import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as portico from 'portico';
import ts from 'typescript';
import { main as generateSwagger } from '../src/swagger/cli/cli';
import { blocks, excerptOf, fileOf, pasted, writeSnippetProject } from './support/doc-snippets';
import { ROOT } from './support/docs';
import { send } from './support/http';
import { porticoTypes } from './support/portico-types';
import { captureIo } from './swagger/support';

/** A line without its trailing `// …` comment and its indentation. */
const codeOf = (line: string) => line.replace(/\s+\/\/ .*$/, '').trim();

/** The README's project with every pasted block in it; portico resolves to the built package. */
function writeProject(dir: string): string {
  const types = porticoTypes();
  return writeSnippetProject(dir, {
    portico: [types],
    'portico/client': [path.join(path.dirname(types), 'client', 'index.d.ts')],
  });
}

describe('the TypeScript blocks of the README and docs/', () => {
  jest.setTimeout(120_000);
  let dir: string;
  let tsconfig: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-doc-snippets-'));
    tsconfig = writeProject(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('show a part of an example file only as it is written there', () => {
    const excerpts = blocks.filter((block) => excerptOf(block));
    expect(excerpts.length).toBeGreaterThanOrEqual(2);
    for (const block of excerpts) {
      const file = readFileSync(path.join(ROOT, excerptOf(block) as string), 'utf8');
      const lines = new Set(file.split('\n').map(codeOf));
      const missing = block.code.split('\n').slice(1).map(codeOf);
      expect({ page: block.page, missing: missing.filter((line) => !lines.has(line)) }).toEqual({
        page: block.page,
        missing: [],
      });
    }
  });

  it('compile as files of the README project, every one with the others', () => {
    expect(pasted.length).toBeGreaterThanOrEqual(8);
    const parsed = ts.getParsedCommandLineOfConfigFile(
      tsconfig,
      { noEmit: true },
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      },
    );
    const program = ts.createProgram(parsed?.fileNames ?? [], parsed?.options ?? {});
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const file = d.file ? path.relative(dir, d.file.fileName) : '';
      const block = pasted.find((b, i) => fileOf(b, i) === file);
      return `${block?.page ?? file}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(errors).toEqual([]);
  });

  it("pass the README's build: generate-swagger --strict finds nothing to say", async () => {
    const io = captureIo();
    const args = ['--project', tsconfig, '--title', 'Hello API', '--api-version', '1.0.0'];
    const code = await generateSwagger([...args, '--out', '-', '--strict'], io);
    expect({ code, err: io.err() }).toEqual({ code: 0, err: '' });
    expect(Object.keys(JSON.parse(io.out()).paths)).toContain('/calc/multiplier/mulThree');
  });
});

/** Runs a block as CommonJS, with the modules it imports that `modules` names given to it. */
function runBlock(code: string, modules: Record<string, unknown>): Record<string, unknown> {
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  });
  const module = { exports: {} as Record<string, unknown> };
  const load = (name: string) => modules[name] ?? require(name);
  new Function('require', 'module', 'exports', outputText)(load, module, module.exports);
  return module.exports;
}

describe('the carrier of docs/scaling-out.md, "Another carrier"', () => {
  it('carries the calls of the microservice it is given, with src/calc.ts of getting-started', async () => {
    const block = (page: string, pattern: RegExp) =>
      blocks.find((b) => b.page === page && pattern.test(b.code))?.code ?? '';
    const calc = runBlock(block('docs/getting-started.md', /export default nativeApp/), {
      portico,
    });
    const carried: string[] = [];
    let server: portico.MainServer | undefined;
    let listening: Promise<number> | undefined;
    // The block's own server, quiet and on a free port; its factory is watched.
    const createMainServer: typeof portico.createMainServer = (config, factory) => {
      server = portico.createMainServer({ ...config, logLevel: 'silent' }, (definition, logger) => {
        carried.push(definition.name);
        return (factory as portico.TransportFactory)(definition, logger);
      });
      return { ...server, listen: () => (listening = server?.listen(0, '127.0.0.1')) } as never;
    };
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    try {
      runBlock(block('docs/scaling-out.md', /TransportFactory/), {
        portico: { ...portico, createMainServer },
        './calc': calc,
      });
      const port = await listening;
      const answer = await send(`http://127.0.0.1:${port}`, '/calc/multiplier/mulThree', {
        headers: { 'Content-Type': 'application/json' },
        body: '{"a":2,"b":3}',
      });
      expect(answer.text).toBe('6');
      expect(carried).toEqual(['calc']);
    } finally {
      log.mockRestore();
      await server?.close();
    }
  });
});
