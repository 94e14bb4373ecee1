import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NativeAppDefinition } from '../../src/microservices';
import { type CallEnvelope, ENVELOPE_VERSION } from '../../src/protocol/envelope';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { CONTRACT_FILE } from '../../src/runtime/contract/contract-format';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { createMicroserviceRuntime } from '../../src/runtime/runtime';
import { buildTypesProject } from './types-project';

function envelope(method: string, body: string): CallEnvelope {
  return {
    version: ENVELOPE_VERSION,
    microservice: 'shelf',
    service: 'books',
    method,
    apiId: 'ROA',
    sequenceName: 'libBParamArrayJsonInOutSequence',
    args: [body],
    context: { requestId: 'r', locale: 'en', privilegeNames: [], privileged: false },
    deadline: Date.now() + 60_000,
  };
}

describe('a contract written by the build', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-types-'));
  let call: (method: string, body: unknown) => Promise<{ ok: boolean; text: string }>;

  beforeAll(async () => {
    const module = await buildTypesProject(dir);
    const app = require(module).default as NativeAppDefinition;
    const file = findContract(module);
    expect(file).toBe(path.join(dir, 'dist', CONTRACT_FILE));
    expect(applyContract(readContract(file as string), [app])).toBe(4);
    const runtime = createMicroserviceRuntime(app);
    call = async (method, body) => {
      const reply = await runtime.handle(envelope(method, JSON.stringify(body)));
      return { ok: reply.ok, text: reply.ok ? String(reply.body) : JSON.stringify(reply.error) };
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const book = { id: 'b1', title: 'T', genre: 'poetry', subtitle: null, tags: ['x'] };

  it('binds a class from bare @Field() declarations: optional, literal set, null, arrays, parents', async () => {
    expect(await call('save', book)).toEqual({ ok: true, text: JSON.stringify(book) });
    const refused = [
      [{ ...book, genre: 'drama' }, 'genre'],
      [{ ...book, subtitle: undefined }, 'subtitle'],
      [{ ...book, tags: [1] }, 'tags[0]'],
      [{ ...book, id: undefined }, 'id'],
      [{ ...book, middleName: null }, 'middleName'],
    ] as const;
    for (const [value, field] of refused) {
      const reply = await call('save', value);
      expect(reply.ok).toBe(false);
      expect(JSON.parse(reply.text)).toMatchObject({ status: 400 });
      expect(reply.text).toContain(`field ${field}: `);
    }
  });

  it('binds interfaces and utility types, and checks an async result', async () => {
    expect(await call('patch', {})).toEqual({ ok: true, text: '{"name":"nobody"}' });
    expect((await call('patch', { phone: 5 })).ok).toBe(false);
    expect(await call('greet', 'hi')).toEqual({ ok: true, text: '{"text":"hi"}' });
    const wrong = await call('greet', 'wrong');
    expect(JSON.parse(wrong.text)).toMatchObject({ status: 500 });
    expect(wrong.ok).toBe(false);
  });

  it('binds a generic class as instantiated, and a literal set as a parameter', async () => {
    expect(await call('list', 'poetry')).toEqual({ ok: true, text: '{"items":[],"total":1}' });
    expect(JSON.parse((await call('list', 'drama')).text)).toMatchObject({ status: 400 });
  });

  it('is refused, naming the command to run, once a compiled module changed', () => {
    const module = path.join(dir, 'dist', 'service.js');
    const text = readFileSync(module, 'utf8');
    writeFileSync(module, `${text}\n// edited`);
    try {
      expect(() => readContract(path.join(dir, 'dist', CONTRACT_FILE))).toThrow(
        /portico-contract\.json is stale: .*service\.js changed since it was written; run npx generate-swagger --contract dist\/portico-contract\.json$/,
      );
    } finally {
      writeFileSync(module, text);
    }
  });
});
