import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { staticFiles } from 'portico';
import { probe } from '../fixtures/services';
import { BROWSER_REQUIRED, HAVE_CHROMIUM, launchChromium } from '../support/browser';
import { startTestServer, type TestConfig, type TestServer } from '../support/harness';

/** What a page's cross-origin `fetch` got: the answer's text, or the browser's refusal. */
type Outcome = { status: number; text: string } | { refused: string };

/**
 * Issue 24: with the default CORS, a page of another origin that a visitor opens must not make a
 * call that claims a privilege. Two origins are two servers on different ports of 127.0.0.1.
 */
(HAVE_CHROMIUM || BROWSER_REQUIRED ? describe : describe.skip)(
  'claim headers across origins in headless Chromium',
  () => {
    jest.setTimeout(90_000);
    const servers: TestServer[] = [];
    let browser: Browser;
    let dir: string;
    let trusted: TestServer;
    let other: TestServer;

    const start = async (config: Omit<TestConfig, 'microservices'> & Partial<TestConfig>) => {
      const server = await startTestServer({ microservices: [probe], ...config });
      servers.push(server);
      return server;
    };
    const resolver = {
      permissionResolver: ({ privilegeNames }: { privilegeNames: readonly string[] }) =>
        privilegeNames.includes('admin'),
    };

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'portico-origin-'));
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>a page</title>');
      trusted = await start({ microservices: [staticFiles({ name: 'site', dir })] });
      other = await start({ microservices: [staticFiles({ name: 'site', dir })] });
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await Promise.all(servers.map((server) => server.close()));
      rmSync(dir, { recursive: true, force: true });
    });

    /** Calls `method` of the probe at `entry` from a page of `site`, with `headers`. */
    async function callFrom(site: TestServer, entry: TestServer, method: string, headers = {}) {
      const page = await browser.newPage();
      try {
        await page.goto(`${site.url}/site/`);
        return await page.evaluate(
          async ({ url, headers }): Promise<Outcome> => {
            try {
              const init = {
                method: 'POST',
                body: '0',
                headers: { 'Content-Type': 'application/json', ...headers },
              };
              const answer = await fetch(url, init);
              return { status: answer.status, text: await answer.text() };
            } catch (error) {
              return { refused: String(error) };
            }
          },
          { url: `${entry.url}/probe/probe/${method}`, headers },
        );
      } finally {
        await page.close();
      }
    }
    const reached = (entry: TestServer, method: string) =>
      entry.logs.filter(
        // A preflight is logged as a call too, answered 204: only the actual calls count here.
        (line) =>
          line.msg === 'call' && line.target === `probe/probe/${method}` && line.status !== 204,
      );
    const ADMIN = { 'X-SVC-Privilege-Names': 'admin' };

    it('by default refuses the privileged call before it is sent, and still serves others', async () => {
      const entry = await start({ ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: resolver } });
      expect(await callFrom(other, entry, 'secret', ADMIN)).toEqual({
        refused: expect.stringContaining('Failed to fetch'),
      });
      expect(await callFrom(other, entry, 'secret', { 'X-SVC-User': 'root' })).toHaveProperty(
        'refused',
      );
      expect(reached(entry, 'secret')).toEqual([]);
      expect(await callFrom(other, entry, 'context', { 'X-SVC-Locale': 'de' })).toMatchObject({
        status: 200,
        text: expect.stringContaining('"locale":"de"'),
      });
    });

    it('allows the privileged call from a configured credential origin, and only from it', async () => {
      const origin = new URL(trusted.url).origin;
      const cors = { origins: '*' as const, credentialOrigins: [origin] };
      const entry = await start({
        ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { ...resolver, cors } },
      });
      expect(await callFrom(trusted, entry, 'secret', ADMIN)).toEqual({
        status: 200,
        text: '"granted"',
      });
      expect(await callFrom(other, entry, 'secret', ADMIN)).toHaveProperty('refused');
      expect(reached(entry, 'secret')).toHaveLength(1);
    });
  },
);
