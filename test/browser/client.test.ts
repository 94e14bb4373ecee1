import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { staticFiles } from 'portico';
import { freePort } from '../../scripts/lib/nats-server';
import { bundleClient } from '../client/bundle';
import { calc, probe } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const REQUIRED = process.env.PORTICO_REQUIRE_BROWSER === '1';

/** The page's script: it calls through the bundled client and leaves what it got on `window`. */
const APP = `
(async () => {
  const { createClient, isRemoteError, withCallOptions } = window.portico;
  const client = (microservice, service, more) =>
    createClient({ baseUrl: '', microservice, service, ...more });
  const calculator = client('calc', 'calculator');
  const multiplier = client('calc', 'multiplier');
  const people = client('probe', 'probe', { dates: { profile: { '$.born': true } } });
  const failure = (call) =>
    call.then(
      () => ({ failed: false }),
      (e) => ({ remote: isRemoteError(e), status: e.status, code: e.code, requestId: e.requestId, name: e.name, message: e.message }),
    );
  const out = {};
  out.add = await calculator.add({ a: 7, b: 2 });
  out.sub = await calculator.sub({ a: 7, b: 2 });
  out.mul = await calculator.mul({ a: 7, b: 2 });
  out.div = await calculator.div({ a: 7, b: 2 });
  out.mulOne = await multiplier.mulOne(6, 7);
  out.mulTwo = await multiplier.mulTwo({ a: 6, b: 7 });
  out.mulThree = await multiplier.mulThree({ a: 6, b: 7 });
  out.mulFour = await multiplier.mulFour(6, 7);
  out.divByZero = await failure(withCallOptions(calculator, { requestId: 'browser-div-1' }).div({ a: 1, b: 0 }));
  const profile = await people.profile({ name: 'Ada', age: 36, score: 1, active: true, born: new Date('1990-05-17T08:30:00Z') });
  out.born = { isDate: profile.born instanceof Date, iso: profile.born.toISOString() };
  out.timeout = await failure(withCallOptions(people, { timeoutMs: 50 }).sleep(2000));
  const controller = new AbortController();
  const aborted = failure(withCallOptions(people, { signal: controller.signal }).sleep(2000));
  controller.abort(new Error('page left'));
  out.aborted = await aborted;
  out.network = await failure(createClient({ baseUrl: new URLSearchParams(location.search).get('dead'), microservice: 'calc', service: 'calculator' }).add({ a: 1, b: 2 }));
  window.results = out;
})().catch((error) => { window.results = { crashed: String(error) }; });
`;

if (!HAVE_CHROMIUM && !REQUIRED) {
  console.warn(`\n\n*** SKIPPED: the client browser test needs ${CHROMIUM}. ***\n\n`);
}

(HAVE_CHROMIUM || REQUIRED ? describe : describe.skip)(
  'portico/client in headless Chromium',
  () => {
    jest.setTimeout(90_000);
    let browser: Browser;
    let server: TestServer;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'portico-client-page-'));
      const bundle = await bundleClient('dist/src/client/index.js');
      writeFileSync(path.join(dir, 'portico-client.js'), bundle.code);
      writeFileSync(path.join(dir, 'app.js'), APP);
      writeFileSync(
        path.join(dir, 'index.html'),
        '<!doctype html><meta charset="utf-8"><title>client</title><script src="portico-client.js"></script><script src="app.js"></script>',
      );
      server = await startTestServer({
        microservices: [calc, probe, staticFiles({ name: 'app', dir })],
      });
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('calls every example method from a page of a static-files microservice', async () => {
      const page = await browser.newPage();
      // A port that nothing listens on, for the call that gets no HTTP answer.
      const dead = `http://127.0.0.1:${await freePort()}`;
      await page.goto(`${server.url}/app/?dead=${encodeURIComponent(dead)}`);
      await page.waitForFunction(() => (globalThis as { results?: unknown }).results !== undefined);
      const results = await page.evaluate(() => (globalThis as { results?: unknown }).results);
      await page.close();
      expect(results).toEqual({
        add: { result: 9 },
        sub: { result: 5 },
        mul: { result: 14 },
        div: { result: 3 },
        mulOne: 42,
        mulTwo: { result: 42 },
        mulThree: 42,
        mulFour: { result: 42 },
        divByZero: {
          remote: true,
          name: 'RemoteError',
          status: 400,
          code: 'DIVISION_BY_ZERO',
          message: 'b must not be 0',
          requestId: 'browser-div-1',
        },
        born: { isDate: true, iso: '1990-05-17T08:30:00.000Z' },
        timeout: {
          remote: true,
          name: 'RemoteError',
          status: 504,
          code: 'DEADLINE_EXCEEDED',
          message: 'no answer within 50 ms',
        },
        aborted: { remote: false, name: 'Error', message: 'page left' },
        network: expect.objectContaining({ remote: true, status: 503, code: 'NETWORK_ERROR' }),
      });
    });
  },
);
