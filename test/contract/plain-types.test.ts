import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { plainBatchSource } from './plain-classes';
import { type Schema } from './schema-values';
import { buildContractProject } from './types-project';
import { describeContract } from './verdicts';

// The same two properties as for decorated classes, over payloads written in plain TypeScript
// (interfaces, `?`, `| null`, enums, a literal alias, arrays, JSDoc limits) that reach the runtime
// only through the contract the build writes.
describeContract(
  'the contract, on random payloads in plain TypeScript types',
  async (batch, dir) => {
    const source = plainBatchSource(batch);
    const { module, generation } = await buildContractProject(dir, source);
    const app = require(module).default as NativeAppDefinition;
    applyContract(readContract(findContract(module) as string), [app]);
    expect(source).not.toMatch(/OneOf|@Field|nullable/);
    return { app, generation, document: generation.document as Schema, source };
  },
);
