import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { staticFiles } from 'portico';
import calc from '../../examples/calc';
import { DOCS_PUBLIC_DIR } from '../../examples/docs/public-dir';
import { copySwaggerUi } from '../../examples/docs/swagger-ui';
import { generateDocument } from '../../src/swagger/cli/generate';
import { startTestServer, type TestServer } from '../support/harness';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const REQUIRED = process.env.PORTICO_REQUIRE_BROWSER === '1';
const EXAMPLES_PROJECT = path.resolve(__dirname, '../../examples/docs/tsconfig.swagger.json');

/**
 * A copy of the docs microservice's directory as `npm start` fills it: the page, Swagger UI
 * from swagger-ui-dist, and the generated swagger.json (pointing at `baseUrl` if given).
 */
async function prepareDocsDir(baseUrl?: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-docs-'));
  for (const file of ['index.html', 'swagger-ui-init.js']) {
    copyFileSync(path.join(DOCS_PUBLIC_DIR, file), path.join(dir, file));
  }
  copySwaggerUi(dir);
  const generation = await generateDocument({
    project: EXAMPLES_PROJECT,
    title: 'portico examples',
    version: '0.1.0',
    ...(baseUrl ? { baseUrl } : {}),
  });
  if (generation.invalid) throw new Error(generation.invalid);
  writeFileSync(path.join(dir, 'swagger.json'), generation.text);
  return dir;
}

/** Opens Swagger UI, runs "Try it out" on calculator `add` with a = 7, b = 2, and reads the answer. */
async function tryAdd(page: Page, docsUrl: string): Promise<{ status: string; body: unknown }> {
  await page.goto(docsUrl);
  const add = page.locator('.opblock', { has: page.locator('[data-path="/calc/calculator/add"]') });
  await add.locator('.opblock-summary').click();
  await add.getByRole('button', { name: 'Try it out' }).click();
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
 * Opens Swagger UI, runs "Try it out" on calculator `sumOfProducts` with XML both ways under the
 * libA XML sequence, sends Swagger UI's own generated sample unchanged, and reads the answer.
 */
async function trySampleXml(page: Page, docsUrl: string) {
  await page.goto(docsUrl);
  const op = page.locator('.opblock', {
    has: page.locator('[data-path="/calc/calculator/sumOfProducts"]'),
  });
  await op.locator('.opblock-summary').click();
  await op.getByRole('button', { name: 'Try it out' }).click();
  await op.locator('.body-param-content-type select').selectOption('application/xml');
  await op.locator('.execute-wrapper').waitFor();
  await op
    .locator('tr[data-param-name="X-SVC-Sequence-Name"] select')
    .selectOption('libAParamArrayXmlInOutSequence');
  await op.locator('.execute-content-type select').selectOption('application/xml');
  const sample = await op.locator('textarea.body-param__text').inputValue();
  await op.getByRole('button', { name: 'Execute' }).click();
  const response = op.locator('.live-responses-table .response');
  const body = response.locator('.response-col_description .microlight').first();
  await body.waitFor();
  return {
    sample,
    status: ((await response.locator('.response-col_status').textContent()) ?? '').trim(),
    body: ((await body.textContent()) ?? '').replace(/\s+/g, ''),
  };
}

if (!HAVE_CHROMIUM && !REQUIRED) {
  console.warn(
    `\n\n*** SKIPPED: the Swagger UI browser test needs ${CHROMIUM} (apt-get install chromium). ***\n\n`,
  );
}

if (!HAVE_CHROMIUM && REQUIRED) {
  test('chromium is installed for the Swagger UI browser test', () => {
    throw new Error(`PORTICO_REQUIRE_BROWSER=1, but ${CHROMIUM} is missing`);
  });
}

(HAVE_CHROMIUM ? describe : describe.skip)('Swagger UI at /docs/ in headless Chromium', () => {
  jest.setTimeout(90_000);
  let browser: Browser;
  const servers: TestServer[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
  });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('calls calculator add through "Try it out" from the same origin', async () => {
    const dir = await prepareDocsDir();
    dirs.push(dir);
    const server = await startTestServer({
      microservices: [calc, staticFiles({ name: 'docs', dir, cors: true })],
    });
    servers.push(server);
    const page = await browser.newPage();
    expect(await tryAdd(page, `${server.url}/docs/`)).toEqual({
      status: '200',
      body: { result: 9 },
    });
    await page.close();
  });

  it("sends Swagger UI's own XML sample of an operation with an array, and the libA XML sequence accepts it", async () => {
    const dir = await prepareDocsDir();
    dirs.push(dir);
    const server = await startTestServer({
      microservices: [calc, staticFiles({ name: 'docs', dir, cors: true })],
    });
    servers.push(server);
    const page = await browser.newPage();
    const answer = await trySampleXml(page, `${server.url}/docs/`);
    await page.close();
    expect(answer).toMatchObject({
      status: '200',
      body: '<operationOutput><result>0</result></operationOutput>',
    });
    // The sample is Swagger UI's: a wrapped array of items named as libA names them.
    expect(answer.sample).toMatch(/<productSum>\s*<pairs>\s*<operationInput>\s*<a>0<\/a>/);
  });

  it('calls the entry point from a page of another origin, through a real CORS preflight', async () => {
    const entry = await startTestServer({ microservices: [calc] });
    servers.push(entry);
    const seen: { method?: string; url?: string; origin?: string }[] = [];
    entry.main.server?.on('request', (req) =>
      seen.push({ method: req.method, url: req.url, origin: req.headers.origin }),
    );
    const dir = await prepareDocsDir(entry.url);
    dirs.push(dir);
    const docs = await startTestServer({
      microservices: [staticFiles({ name: 'docs', dir, cors: true })],
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
