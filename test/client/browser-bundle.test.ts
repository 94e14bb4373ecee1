import { existsSync } from 'node:fs';
import path from 'node:path';
import { bundleClient } from './bundle';

const ROOT = path.resolve(__dirname, '../..');

describe('portico/client in a browser bundle', () => {
  it('resolves through the package exports to the compiled client', () => {
    const pkg = require(path.join(ROOT, 'package.json')) as { exports: Record<string, string> };
    expect(pkg.exports['./client']).toBe('./dist/src/client/index.js');
    expect(existsSync(path.join(ROOT, 'dist/src/client/index.d.ts'))).toBe(true);
  });

  it.each(['dist/src/client/index.js', 'src/client/index.ts'])(
    'bundles %s for the browser platform with nothing of Node or the server in it',
    async (entry) => {
      const bundle = await bundleClient(entry);
      const files = bundle.inputs.filter((input) => input !== '<stdin>');
      const allowed = /^(dist\/)?src\/(client\/[\w-]+|errors)\.(js|ts)$/;
      expect(files.filter((file) => !allowed.test(file))).toEqual([]);
      expect(files.some((file) => file.includes('create-client'))).toBe(true);
      expect(bundle.code).not.toMatch(/require\(|node:/);
      // A budget, not a measurement: README.md and docs/client.md quote the size, this keeps it from creeping.
      expect(bundle.gzippedBytes).toBeLessThan(5 * 1024);
    },
  );

  it('cannot bundle the Node-only NATS client for browsers', async () => {
    await expect(bundleClient('src/client/nats-client.ts')).rejects.toThrow(/node:async_hooks/);
  });
});
