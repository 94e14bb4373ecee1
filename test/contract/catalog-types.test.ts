import path from 'node:path';
import { generateDocument } from '../../src/swagger/cli/generate';
import { send } from '../support/http';
import { CATALOG_SOURCE } from './catalog-project';
import {
  casesOf,
  checkOperation,
  requestValidatorOf,
  swagger2AnswersOf,
  validatorOf,
  writableSchemas,
} from './outside-checks';
import { operationsOf } from './outside-operations';
import { type Schema } from './schema-values';
import { serveContractProject } from './served-project';

describe('a catalog in plain TypeScript, with a contract', () => {
  const served = serveContractProject('catalog', CATALOG_SOURCE);

  it('accepts every value the document allows and refuses every other, and answers as it says, in all four sequences', async () => {
    const document = served.generation.document as Schema;
    expect(served.generation.diagnostics).toEqual([]);
    const swagger = await generateDocument({
      project: path.join(served.dir, 'tsconfig.json'),
      title: 'Catalog',
      version: '1',
      rmc: true,
      strict: true,
    });
    const { operations, schemas } = operationsOf(document);
    const valid = validatorOf(schemas);
    const validRequest = requestValidatorOf(schemas);
    const writable = writableSchemas(schemas);
    const swagger2 = swagger2AnswersOf(swagger.document as Schema);
    const problems: string[] = [];
    const verdicts = { allowed: 0, forbidden: 0 };
    let seed = 11;
    for (const operation of operations) {
      const cases = casesOf(operation, writable, seed++);
      const found = await checkOperation(
        served.server.url,
        { operation, cases, schemas },
        valid,
        swagger2,
        validRequest,
      );
      problems.push(...found.problems);
      verdicts.allowed += found.verdicts.allowed;
      verdicts.forbidden += found.verdicts.forbidden;
    }
    expect(operations).toHaveLength(14);
    expect(verdicts.allowed).toBeGreaterThan(200);
    expect(verdicts.forbidden).toBeGreaterThan(200);
    expect(problems.slice(0, 12)).toEqual([]);
  }, 120_000);

  it.each([
    ['awaited', 'Product'],
    ['returned', 'Product'],
    ['satisfied', undefined],
  ])('%s answers a value of its schema in the document (%s)', async (method, named) => {
    const document = served.generation.document as Schema;
    const { schemas } = operationsOf(document);
    const content = document.paths[`/shop/catalog/${method}`].post.responses['200'].content;
    const [schema] = content['application/json'].schema.anyOf;
    if (named) expect(schema).toEqual({ $ref: `#/components/schemas/${named}` });
    const answer = await send(served.server.url, `/shop/catalog/${method}`, {
      headers: { 'Content-Type': 'application/json', 'X-SVC-API-ID': 'RMC' },
      body: '[]',
    });
    expect(answer.status).toBe(200);
    expect(validatorOf(schemas)(schema, JSON.parse(answer.text))).toBe(true);
  });
});
