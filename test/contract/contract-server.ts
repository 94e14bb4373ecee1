import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { startTestServer, type TestServer } from '../support/harness';
import { buildContractProject } from './types-project';

/**
 * Builds `source` as a project in `dir` with its contract, and serves its default microservice
 * with that contract applied, as `portico start` does: the document and the server of one build.
 */
export async function serveContractProject(
  dir: string,
  source: string,
): Promise<{
  server: TestServer;
  generation: Awaited<ReturnType<typeof buildContractProject>>['generation'];
}> {
  const { module, generation } = await buildContractProject(dir, source);
  const app = require(module).default as NativeAppDefinition;
  applyContract(readContract(findContract(module) as string), [app]);
  const server = await startTestServer({ microservices: [app], logLevel: 'silent' });
  return { server, generation };
}
