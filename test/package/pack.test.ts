import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { OPTIONAL_PEERS } from '../../src/peers';
import { packPortico, tarballFiles } from '../support/package-tarball';

const ROOT = path.join(__dirname, '..', '..');
const manifest = require('../../package.json') as {
  main: string;
  types: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

describe('the packed package', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-pack-'));
  let files: string[];
  let tarball: string;
  beforeAll(() => {
    tarball = packPortico(dir);
    files = tarballFiles(tarball);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the licence, the launchers and the compiled sources, and nothing else', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'bin/portico.js',
        'bin/generate-swagger.js',
        'dist/src/index.js',
        'dist/src/index.d.ts',
        'dist/src/cli/portico.js',
        'dist/src/swagger/cli/cli.js',
      ]),
    );
    const stray = files.filter(
      (file) =>
        !['LICENSE', 'README.md', 'package.json'].includes(file) &&
        !file.startsWith('bin/') &&
        !file.startsWith('dist/src/'),
    );
    expect(stray).toEqual([]);
  });

  it('holds every file that main, types, exports and bin name', () => {
    const targets = [
      manifest.main,
      manifest.types,
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target),
      ),
    ].map((target) => path.posix.normalize(target));
    expect(targets.filter((target) => !files.includes(target))).toEqual([]);
  });

  it('ships the declarations the entry points reach, each import of them resolving to a shipped file or a runtime dependency', () => {
    const unpacked = path.join(dir, 'unpacked');
    execFileSync('mkdir', ['-p', unpacked]);
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
    const declarations = files.filter((file) => file.endsWith('.d.ts'));
    const broken: string[] = [];
    const packages = new Set<string>();
    for (const file of declarations) {
      const text = readFileSync(path.join(unpacked, 'package', file), 'utf8');
      for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
        if (!fileName.startsWith('.')) {
          packages.add(
            fileName.startsWith('@')
              ? fileName.split('/').slice(0, 2).join('/')
              : (fileName.split('/')[0] as string),
          );
          continue;
        }
        const base = path.posix.join(path.posix.dirname(file), fileName.replace(/\.js$/, ''));
        if (![`${base}.d.ts`, `${base}/index.d.ts`].some((target) => files.includes(target))) {
          broken.push(`${file} → ${fileName}`);
        }
      }
    }
    expect(broken).toEqual([]);
    const runtime = new Set([...Object.keys(manifest.dependencies), 'reflect-metadata']);
    expect([...packages].filter((name) => !name.startsWith('node:') && !runtime.has(name))).toEqual(
      [],
    );
    // The generator's, the CLI's and the carriers' internals are not reachable, so not shipped.
    expect(declarations.filter((file) => /^dist\/src\/(swagger|cli)\//.test(file))).toEqual([]);
    expect(declarations.length).toBeLessThan(60);
    // What a project with skipLibCheck off sees: the entry points' declarations type-check as shipped.
    const root = path.join(unpacked, 'package');
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(unpacked, 'node_modules'), 'dir');
    const program = ts.createProgram({
      rootNames: ['dist/src/index.d.ts', 'dist/src/client/index.d.ts'].map((f) =>
        path.join(root, f),
      ),
      options: {
        noEmit: true,
        strict: true,
        skipLibCheck: false,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: ['node'],
        typeRoots: [path.join(unpacked, 'node_modules', '@types')],
      },
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  });
});

describe('package.json', () => {
  it('builds before it packs', () => {
    expect(manifest.scripts.prepack).toBe('npm run build');
  });

  it("keeps generate-swagger's tools, Swagger UI, metrics, tracing and patterns out of the runtime dependencies", () => {
    const generatorOnly = ['typescript', 'ts-morph', '@apidevtools/swagger-parser', 'ajv'];
    const optional = Object.keys(OPTIONAL_PEERS);
    const runtime = Object.keys(manifest.dependencies);
    expect(runtime.filter((name) => [...generatorOnly, ...optional].includes(name))).toEqual([]);
    expect(optional).toEqual(
      expect.arrayContaining(['prom-client', '@opentelemetry/api', 're2js', 'swagger-ui-dist']),
    );
    const ranges = Object.fromEntries(
      Object.entries(OPTIONAL_PEERS).map(([name, peer]) => [name, peer.range]),
    );
    expect(manifest.peerDependencies).toEqual(ranges);
    for (const name of Object.keys(manifest.peerDependencies)) {
      expect([name, manifest.peerDependenciesMeta[name]?.optional]).toEqual([name, true]);
    }
  });

  it('declares peer ranges that the installed development versions satisfy', () => {
    for (const [name, { range }] of Object.entries(OPTIONAL_PEERS)) {
      const installed = (
        JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
      const [major, minor, patch] = installed.split('.').map(Number) as [number, number, number];
      const [wantMajor, wantMinor, wantPatch] = range.slice(1).split('.').map(Number) as [
        number,
        number,
        number,
      ];
      const atLeast = minor > wantMinor || (minor === wantMinor && patch >= wantPatch);
      expect([name, range.startsWith('^'), major === wantMajor && atLeast]).toEqual([
        name,
        true,
        true,
      ]);
    }
  });
});
