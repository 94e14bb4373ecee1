import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { readReadmeProject } from '../adopter/readme-project';
import { docSection } from '../support/docs';
import { porticoTypes } from '../support/portico-types';

// docs/configuration.md, "Middleware of your own", showed a fragment: no imports, and a top-level
// await, which the README's project (CommonJS) refuses with TS1309. Pasted as the file it names,
// beside the README's service and configuration, it must compile.
describe('the middleware example of docs/configuration.md', () => {
  const section = docSection('docs/configuration.md', 'Middleware of your own');
  const block = /^```ts (\S+)\n([\s\S]*?)^```$/m.exec(section);
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-middleware-example-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names its file, and compiles in the README project', () => {
    expect(block?.[1]).toBeDefined();
    const { files } = readReadmeProject();
    mkdirSync(path.join(dir, 'src'));
    for (const [name, text] of files) {
      if (name !== 'tsconfig.json') writeFileSync(path.join(dir, name), text);
    }
    writeFileSync(path.join(dir, block?.[1] ?? ''), block?.[2] ?? '');
    const tsconfig = JSON.parse(files.get('tsconfig.json') ?? '{}');
    const options = ts.convertCompilerOptionsFromJson(
      { ...tsconfig.compilerOptions, noEmit: true, paths: { portico: [porticoTypes()] } },
      dir,
    ).options;
    const program = ts.createProgram([path.join(dir, block?.[1] ?? '')], options);
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(errors).toEqual([]);
  });
});
