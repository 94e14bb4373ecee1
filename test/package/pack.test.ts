import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SWAGGER_UI_PEER } from '../../src/server/swagger-ui';
import { GENERATOR_PEERS } from '../../src/swagger/cli/generator-peers';
import { packPortico, tarballFiles } from '../support/package-tarball';

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
  beforeAll(() => {
    files = tarballFiles(packPortico(dir));
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
});

describe('package.json', () => {
  it('builds before it packs', () => {
    expect(manifest.scripts.prepack).toBe('npm run build');
  });

  it("keeps generate-swagger's tools and Swagger UI out of the runtime dependencies", () => {
    const generatorOnly = ['typescript', 'ts-morph', '@apidevtools/swagger-parser', 'ajv'];
    const runtime = Object.keys(manifest.dependencies);
    expect(runtime.filter((name) => [...generatorOnly, 'swagger-ui-dist'].includes(name))).toEqual(
      [],
    );
    expect(manifest.peerDependencies).toEqual({
      ...GENERATOR_PEERS,
      'swagger-ui-dist': SWAGGER_UI_PEER,
    });
    for (const name of Object.keys(manifest.peerDependencies)) {
      expect([name, manifest.peerDependenciesMeta[name]?.optional]).toEqual([name, true]);
    }
  });
});
