import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORT, ENTRY_POINT_DEFAULTS, HTTP_DEFAULTS } from 'portico';
import configuration from '../examples/configuration';
import shop from '../examples/shop';
import { calc } from './fixtures/services';
import { docPages, readDoc } from './support/docs';
import { startTestServer, type TestServer } from './support/harness';
import { send } from './support/http';

/** One `curl` line of the README or a guide in docs/, and the answer written under it. */
interface Example {
  readonly page: string;
  readonly line: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly expected: string;
}

/** Reads `curl -s -X POST localhost:8082/… -H '…' -d '…'` lines followed by `# answer`. */
function pageExamples(page: string): Example[] {
  const lines = readDoc(page).split('\n');
  const examples: Example[] = [];
  lines.forEach((line, i) => {
    const call = /^curl -s -X POST localhost:8082(\S+)(.*)$/.exec(line);
    if (!call) return;
    const headers: Record<string, string> = {};
    for (const [, name = '', value = ''] of (call[2] ?? '').matchAll(/-H '([^:]+): ([^']*)'/g))
      headers[name] = value;
    const body = /-d '([^']*)'/.exec(call[2] ?? '')?.[1] ?? '';
    const expected = (lines[i + 1] ?? '').replace(/^# /, '');
    examples.push({ page, line, path: call[1] ?? '', headers, body, expected });
  });
  return examples;
}

const examples = docPages().flatMap(pageExamples);

describe('the curl examples of the README and docs/', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc, shop] });
  });
  afterAll(() => server.close());

  it('has a curl example for every sequence in both modes', () => {
    expect(examples.length).toBeGreaterThanOrEqual(14);
    for (const sequence of [
      'libAParamArrayXmlInOutSequence',
      'libBParamArrayXmlInOutSequence',
      'libAParamArrayJsonInOutSequence',
    ]) {
      const modes = examples
        .filter((e) => e.headers['X-SVC-Sequence-Name'] === sequence)
        .map((e) => e.headers['X-SVC-API-ID'] ?? 'ROA');
      expect(new Set(modes)).toEqual(new Set(['ROA', 'RMC']));
    }
  });

  it('include the call of the README and the sequences of docs/wire-protocol.md', () => {
    const pages = new Set(examples.map((e) => e.page));
    expect(pages).toContain('README.md');
    expect(pages).toContain('docs/wire-protocol.md');
  });

  it.each(examples.map((e) => [`${e.page}: ${e.line}`, e] as const))('%s', async (_, example) => {
    const answer = await send(server.url, example.path, {
      headers: example.headers,
      body: example.body,
    });
    expect(answer.text).toBe(example.expected);
  });
});

describe('the configuration example of docs/configuration.md', () => {
  const page = readDoc('docs/configuration.md');
  const source = readFileSync(path.join(__dirname, '..', 'examples', 'configuration.ts'), 'utf8');

  it('is examples/configuration.ts, word for word', () => {
    expect(page).toContain(`\`\`\`ts\n${source}\`\`\``);
  });

  it('sets every key of the entry point and HTTP sections, each at its default', () => {
    const entry = configuration.ENTRY_POINTS?.WEB_SERVICE_FACADE_HTTP ?? {};
    const { permissionResolver, ...rest } = entry;
    expect(permissionResolver).toBeInstanceOf(Function);
    expect(rest).toEqual(ENTRY_POINT_DEFAULTS);
    expect(configuration.http).toEqual(HTTP_DEFAULTS);
    expect(configuration.port).toBe(DEFAULT_PORT);
  });

  it('serves one microservice of each type', async () => {
    const server = await startTestServer({ ...configuration, logLevel: 'silent' });
    try {
      const add = await send(server.url, '/calc/calculator/add', {
        headers: { 'Content-Type': 'application/json' },
        body: '{"a":1,"b":2}',
      });
      expect(add.text).toBe('{"result":3}');
      expect((await send(server.url, '/legacy/x', { method: 'GET' })).text).toBe(
        'legacy app saw GET /x',
      );
      expect((await send(server.url, '/files/', { method: 'GET' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("the README's Node versions", () => {
  it("are package.json's engines, with the least minor of each major", () => {
    const { engines } = require('../package.json') as { engines: { node: string } };
    const versions = engines.node.split(' || ').map((range) => {
      const [, major, minor] = /^\^(\d+)\.(\d+)\.0$/.exec(range) ?? [];
      if (major === undefined)
        throw new Error(`engines.node has a range of another form: ${range}`);
      return minor === '0' ? major : `${major}.${minor}+`;
    });
    const listed = `${versions.slice(0, -1).join(', ')} or ${versions.at(-1)}`;
    expect(readDoc('README.md')).toContain(`portico needs Node ${listed}.`);
  });
});
