import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { callCalc } from '../../examples/client/call-calc';
import { calc } from '../fixtures/services';
import { ROOT, readDoc } from '../support/docs';
import { startTestServer } from '../support/harness';

const page = readDoc('docs/client.md');
const blocks = [...page.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, code]) => ({
  lang: lang ?? '',
  code: code ?? '',
}));
const tsBlocks = blocks.filter((block) => block.lang === 'ts').map((block) => block.code);

/** Type-checks `files` with the project's compiler options; answers the diagnostics' texts. */
function compile(files: readonly string[]): string[] {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  // The blocks that are not example files are written outside the project's root directory.
  const { rootDir: _, ...options } = parsed.options;
  const program = ts.createProgram(files, { ...options, noEmit: true });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('docs/client.md', () => {
  jest.setTimeout(60_000);

  it('shows the caller and the relay examples word for word', () => {
    for (const file of ['examples/client/call-calc.ts', 'examples/relay/relay.service.ts']) {
      expect(tsBlocks).toContain(readFileSync(path.join(ROOT, file), 'utf8'));
    }
  });

  it('has TypeScript that compiles, every block of it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-readme-'));
    try {
      const files = tsBlocks.map((code, i) => {
        // The blocks that are example files compile where they live, for their relative imports.
        for (const file of ['examples/client/call-calc.ts', 'examples/relay/relay.service.ts']) {
          if (readFileSync(path.join(ROOT, file), 'utf8') === code) return path.join(ROOT, file);
        }
        const file = path.join(dir, `block-${i}.ts`);
        writeFileSync(file, code);
        return file;
      });
      expect(files.length).toBeGreaterThanOrEqual(3);
      expect(compile(files)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints what the page says when the caller runs against the example server', async () => {
    const server = await startTestServer({ microservices: [calc] });
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    try {
      await callCalc(server.url);
    } finally {
      log.mockRestore();
      await server.close();
    }
    const output = blocks.find((block) => block.lang === 'text')?.code ?? '';
    expect(lines.join('\n')).toBe(output.trimEnd());
  });
});
