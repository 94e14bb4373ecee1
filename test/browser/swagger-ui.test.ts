import { rmSync } from 'node:fs';
import { type Browser, type Page } from 'playwright-core';
import { type NativeAppDefinition } from 'portico';
import calc from '../../examples/calc';
import shop from '../../examples/shop';
import { BROWSER_REQUIRED, CHROMIUM, HAVE_CHROMIUM, launchChromium } from '../support/browser';
import { startTestServer, type TestServer } from '../support/harness';
import {
  docsOf,
  type Execution,
  executeSample,
  prepareDocsDir,
  tryItOut,
} from '../support/swagger-ui';
import orders from '../swagger/fixtures/orders/service';
import { fixtureProject } from '../swagger/support';

/** Opens Swagger UI, runs "Try it out" on calculator `add` with a = 7, b = 2, and reads the answer. */
async function tryAdd(page: Page, docsUrl: string): Promise<{ status: string; body: unknown }> {
  await page.goto(docsUrl);
  const add = await tryItOut(page, '/calc/calculator/add');
  await add.locator('textarea.body-param__text').fill('{"a":7,"b":2}');
  await add.getByRole('button', { name: 'Execute' }).click();
  const response = add.locator('.live-responses-table .response');
  const body = response.locator('.response-col_description .microlight').first();
  await body.waitFor();
  return {
    status: ((await response.locator('.response-col_status').textContent()) ?? '').trim(),
    body: JSON.parse((await body.textContent()) ?? ''),
  };
}

/**
 * The answers an operation gives to Swagger UI's samples where the method refuses them, each one
 * of the operation's documented errors: the sample's numbers are 0 (b = 0 divides by zero), and
 * a privileged method refuses a call that nothing granted. Every other sample must succeed.
 */
const REFUSED_SAMPLES: Record<string, { status: string; code: string }> = {
  '/calc/calculator/div': { status: '400', code: 'DIVISION_BY_ZERO' },
  '/shop/orders/clear': { status: '403', code: 'FORBIDDEN' },
};

/** The documents Swagger UI shows in the sample test: the served one and the others it can be. */
const DOCUMENTS = [
  ['the examples in Swagger 2.0, as npm start serves them', {}, [calc, shop]],
  ['the examples in OpenAPI 3.1', { openapi: '3.1' as const }, [calc, shop]],
  [
    'a project with RMC operations, a privileged one and a declared error, in OpenAPI 3.1',
    { project: fixtureProject('orders'), openapi: '3.1' as const },
    [orders],
  ],
] as const;

if (!HAVE_CHROMIUM && !BROWSER_REQUIRED) {
  console.warn(
    `\n\n*** SKIPPED: the Swagger UI browser test needs ${CHROMIUM} (apt-get install chromium). ***\n\n`,
  );
}

if (!HAVE_CHROMIUM && BROWSER_REQUIRED) {
  test('chromium is installed for the Swagger UI browser test', () => {
    throw new Error(`PORTICO_REQUIRE_BROWSER=1, but ${CHROMIUM} is missing`);
  });
}

(HAVE_CHROMIUM ? describe : describe.skip)('Swagger UI at /docs/ in headless Chromium', () => {
  jest.setTimeout(180_000);
  let browser: Browser;
  const servers: TestServer[] = [];
  const dirs: string[] = [];

  /** A server with the calculator and its docs, and a page. */
  async function serveDocs() {
    const { dir } = await prepareDocsDir();
    dirs.push(dir);
    const server = await startTestServer({ microservices: [calc, docsOf(dir)] });
    servers.push(server);
    const page = await browser.newPage();
    return { server, page };
  }

  /** What "Try it out" sent and got for each operation of a document, in JSON and in XML. */
  interface SampleRun extends Execution {
    readonly route: string;
    readonly format: 'json' | 'xml';
    /** The operation is RMC. */
    readonly rmc: boolean;
    /** The operation is RMC, and its XML body has required arguments. */
    readonly required: boolean;
  }
  const samples: Promise<{ document: Record<string, any>; runs: SampleRun[] }>[] = [];

  /**
   * Every document's samples, sent on pages of their own: each document on a server of its own,
   * a page for each format (Swagger UI keeps a body across "Try it out" turns). The runs wait on
   * Chromium and the servers, and all six run at once; each test reads its own document's.
   */
  function samplesOf(index: number) {
    if (samples.length === 0) {
      for (const [, options, apps] of DOCUMENTS) samples.push(sendSamples(options, apps));
      // A failed run fails the test that reads it; a test left out (-t) must not leave it unheard.
      for (const run of samples) run.catch(() => undefined);
    }
    return samples[index] as (typeof samples)[number];
  }

  async function sendSamples(
    options: Parameters<typeof prepareDocsDir>[0],
    apps: readonly NativeAppDefinition[],
  ) {
    const { dir, document } = await prepareDocsDir(options);
    const server = await startTestServer({ microservices: [...apps, docsOf(dir)] });
    try {
      const runs = await Promise.all(
        (['json', 'xml'] as const).map(async (format) => {
          const tab = await browser.newPage();
          const sent: SampleRun[] = [];
          await tab.goto(`${server.url}/docs/`);
          for (const [route, item] of Object.entries<Record<string, any>>(document.paths)) {
            const rmc = item.post['x-portico-api-id'] === 'RMC';
            const required =
              rmc && Boolean(item.post.requestBody.content['application/xml'].schema.required);
            sent.push({
              route,
              format,
              rmc,
              required,
              ...(await executeSample(tab, route, format)),
            });
          }
          await tab.close();
          return sent;
        }),
      );
      return { document, runs: runs.flat() };
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  afterAll(async () => {
    await Promise.allSettled(samples);
    await browser?.close();
  });

  it('calls calculator add through "Try it out" from the same origin', async () => {
    const { server, page } = await serveDocs();
    expect(await tryAdd(page, `${server.url}/docs/`)).toEqual({
      status: '200',
      body: { result: 9 },
    });
    await page.close();
  });

  it("sends Swagger UI's own XML sample of an operation with an array, and the libA XML sequence accepts it", async () => {
    const { server, page } = await serveDocs();
    await page.goto(`${server.url}/docs/`);
    const answer = await executeSample(page, '/calc/calculator/sumOfProducts', 'xml');
    await page.close();
    expect(answer).toMatchObject({
      status: '200',
      body: '<operationOutput><result>0</result></operationOutput>',
    });
    // The sample is Swagger UI's: a wrapped array of items named as libA names them.
    expect(answer.sample).toMatch(/<productSum>\s*<pairs>\s*<operationInput>\s*<a>0<\/a>/);
  });

  it.each(DOCUMENTS.map((entry, index) => [entry[0], index] as const))(
    "sends Swagger UI's own JSON and XML sample of every operation of %s, and the server accepts each",
    async (_, index) => {
      const { document, runs } = await samplesOf(index);
      for (const run of runs) {
        // The headers the document requires, and a sample that is not empty.
        expect(run.sent.headers['x-svc-api-id']).toBe(run.rmc ? 'RMC' : undefined);
        expect(run.sent.headers['content-type']).toMatch(`application/${run.format}`);
        expect(run.sent.body).toBe(run.sample);
        if (run.format === 'xml') {
          expect(run.sent.headers['x-svc-sequence-name']).toBe('libAParamArrayXmlInOutSequence');
        }
        if (run.required) {
          expect(run.sample).toMatch(run.format === 'json' ? /^\[\s*\S/ : /<paramArray>\s*<\w/);
        }
      }
      for (const answer of runs) {
        const route = answer.route;
        const refused = REFUSED_SAMPLES[route];
        const documented = document.paths[route].post.responses;
        if (refused) {
          expect({ route, status: answer.status }).toEqual({ route, status: refused.status });
          expect(answer.body).toContain(refused.code);
          // The refusal is one the document states for the operation.
          const codes = documented[refused.status]['x-portico-error-codes'];
          if (codes) expect(codes).toContain(refused.code);
          else expect(documented[refused.status]).toBeDefined();
        } else {
          // On failure, the whole exchange: the sample, what was sent and what came back.
          const success = documented['204'] ? '204' : '200';
          expect(answer).toEqual({ ...answer, status: success });
        }
      }
    },
  );

  it('calls the entry point from a page of another origin, through a real CORS preflight', async () => {
    const entry = await startTestServer({ microservices: [calc] });
    servers.push(entry);
    const seen: { method?: string; url?: string; origin?: string }[] = [];
    entry.main.server?.on('request', (req) =>
      seen.push({ method: req.method, url: req.url, origin: req.headers.origin }),
    );
    const { dir } = await prepareDocsDir({ baseUrl: entry.url });
    dirs.push(dir);
    const docs = await startTestServer({
      microservices: [docsOf(dir)],
    });
    servers.push(docs);
    expect(new URL(docs.url).origin).not.toBe(new URL(entry.url).origin);

    const page = await browser.newPage();
    expect(await tryAdd(page, `${docs.url}/docs/`)).toEqual({ status: '200', body: { result: 9 } });
    await page.close();
    const origin = new URL(docs.url).origin;
    expect(seen).toEqual([
      { method: 'OPTIONS', url: '/calc/calculator/add', origin },
      { method: 'POST', url: '/calc/calculator/add', origin },
    ]);
  });
});
