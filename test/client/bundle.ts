import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');

/** A browser bundle of the client and what went into it. */
export interface ClientBundle {
  readonly code: string;
  /** The files esbuild read, relative to the package's root. */
  readonly inputs: readonly string[];
  readonly minifiedBytes: number;
  readonly gzippedBytes: number;
}

/**
 * Bundles `portico/client` for browsers, as an application would: `entry` is the package's
 * compiled entry (`dist/src/client/index.js`, what `portico/client` resolves to) or its source.
 * The bundle puts the client's exports on `window.portico`.
 */
export async function bundleClient(entry: string): Promise<ClientBundle> {
  const result = await build({
    stdin: {
      contents: `export { createClient, isRemoteError, RemoteError, withCallOptions } from ${JSON.stringify(`./${entry}`)};`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'portico',
    target: 'es2020',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild wrote no bundle');
  return {
    code: output.text,
    inputs: Object.keys(result.metafile.inputs),
    minifiedBytes: output.contents.length,
    gzippedBytes: gzipSync(output.contents, { level: 9 }).length,
  };
}
