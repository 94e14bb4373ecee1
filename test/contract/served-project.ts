import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { type Generation } from '../../src/swagger/cli/generate';
import { startTestServer, type TestServer } from '../support/harness';
import { buildContractProject } from './types-project';

/** A contract project's generation and the server that binds by its contract. */
export interface ServedProject {
  readonly generation: Generation;
  readonly server: TestServer;
  /** The project's directory. */
  readonly dir: string;
}

/**
 * Builds `source` as a project with a contract and serves its default export, in development mode,
 * before the tests of the enclosing `describe`; stops the server and removes the project after them.
 */
export function serveContractProject(name: string, source: string): ServedProject {
  const dir = mkdtempSync(path.join(tmpdir(), `portico-${name}-`));
  const served = { dir } as { generation: Generation; server: TestServer; dir: string };
  beforeAll(async () => {
    const built = await buildContractProject(dir, source);
    served.generation = built.generation;
    const app = require(built.module).default as NativeAppDefinition;
    applyContract(readContract(findContract(built.module) as string), [app]);
    served.server = await startTestServer({
      microservices: [app],
      logLevel: 'silent',
      development: true,
    });
  });
  afterAll(async () => {
    await served.server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return served;
}
