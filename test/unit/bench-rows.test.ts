import { existsSync } from 'node:fs';
import path from 'node:path';
import { COST_BASE, COST_ROWS } from '../../bench/costs';
import { ROWS } from '../../bench/rows';
import { SERVERS } from '../../bench/server-specs';

const ROOT = path.resolve(__dirname, '../..');
const rowOf = (id: string) => ROWS.find((row) => row.id === id);
const serverOf = (id: string) => SERVERS.find((server) => server.id === id);

describe('the rows of npm run bench', () => {
  it('have unique ids, and each names a server of the catalogue', () => {
    expect(new Set(ROWS.map((row) => row.id)).size).toBe(ROWS.length);
    expect(ROWS.filter((row) => !serverOf(row.server)).map((row) => row.id)).toEqual([]);
  });

  it('start every server from a configuration the bench has', () => {
    const args = SERVERS.flatMap((server) => [...server.args, ...(server.replicaArgs ?? [])]);
    const configs = args.filter((arg) => arg.startsWith('dist/bench/'));
    const sources = configs.map((file) => file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
    expect(sources.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it('measure each feature against a base that sends the same call and differs in one thing', () => {
    const base = rowOf(COST_BASE);
    expect(base).toBeDefined();
    for (const id of COST_ROWS.keys()) {
      const row = rowOf(id);
      expect(row).toMatchObject({ path: base?.path, body: base?.body, status: 200 });
      const sameServer = row?.server === base?.server;
      const sameHeaders = JSON.stringify(row?.headers) === JSON.stringify(base?.headers);
      // Either the server differs (metrics, tracing, CORS off, warn) or the request does.
      expect([id, sameServer !== sameHeaders]).toEqual([id, true]);
    }
  });

  it('have a row for each feature that must cost nothing when off or unused', () => {
    const features = ['request-id-given', 'cors-origin', 'cors-off', 'log-warn', 'metrics'];
    expect(features.filter((id) => !COST_ROWS.has(id))).toEqual([]);
    expect(['context-unused', 'context-used'].filter((id) => !rowOf(id))).toEqual([]);
  });
});
