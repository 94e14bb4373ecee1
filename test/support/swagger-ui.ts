import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Locator, type Page } from 'playwright-core';
import { swaggerUi } from 'portico';
import { type GenerateOptions, generateDocument } from '../../src/swagger/cli/generate';
import { EXAMPLES_PROJECT } from '../swagger/support';

/**
 * The text of each document a test file generated, by its options: a test that asks for the same
 * document again gets a directory of its own, and the generation is not run twice.
 */
const generated = new Map<string, Promise<string>>();

async function documentText(options: Partial<GenerateOptions>): Promise<string> {
  const generation = await generateDocument({
    project: EXAMPLES_PROJECT,
    title: 'portico examples',
    version: '0.1.0',
    ...options,
  });
  if (generation.invalid) throw new Error(generation.invalid);
  return generation.text;
}

/**
 * A directory with the swagger.json that `npm start` generates, of a project (the examples unless
 * told), in Swagger 2.0 unless told. Resolves to the directory and the document.
 */
export async function prepareDocsDir(options: Partial<GenerateOptions> = {}) {
  const key = JSON.stringify(options);
  const text = generated.get(key) ?? documentText(options);
  generated.set(key, text);
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-docs-'));
  writeFileSync(path.join(dir, 'swagger.json'), await text);
  return { dir, document: JSON.parse(await text) as Record<string, any> };
}

/** The docs microservice as the examples deploy it, on the swagger.json in `dir`. */
export function docsOf(dir: string) {
  return swaggerUi({ name: 'docs', document: path.join(dir, 'swagger.json'), cors: true });
}

/**
 * The operation block of `route`, opened, with "Try it out" turned on afresh for a body of
 * `media`. The media type is chosen first: Swagger UI keeps a body it takes for edited when the
 * media type changes, and a sample with a random part (a date, a string for a pattern) always
 * looks edited, so switching after "Try it out" would keep the JSON sample under XML.
 */
export async function tryItOut(page: Page, route: string, media?: string): Promise<Locator> {
  const op = page.locator('.opblock', { has: page.locator(`[data-path="${route}"]`) });
  const button = op.locator('.try-out__btn').first();
  if (!(await button.isVisible())) await op.locator('.opblock-summary').click();
  if (((await button.textContent()) ?? '').trim() === 'Cancel') await button.click();
  if (media) await op.locator('.body-param-content-type select').selectOption(media);
  await button.click();
  await op.getByRole('button', { name: 'Execute' }).waitFor();
  return op;
}

/** What one "Execute" sent and got. */
export interface Execution {
  /** The body Swagger UI filled in: its own sample of the operation. */
  readonly sample: string;
  readonly sent: { readonly headers: Record<string, string>; readonly body: string };
  readonly status: string;
  /** The answer's body as Swagger UI shows it, white space removed; empty for none. */
  readonly body: string;
}

/**
 * Opens "Try it out" on `route` and sends Swagger UI's own sample body unchanged, as JSON in the
 * default sequence or as XML in the libA XML sequence, accepting the same format, and reads the
 * answer Swagger UI shows. An RMC operation's required X-SVC-API-ID is the document's one value,
 * which Swagger UI selects itself.
 */
export async function executeSample(
  page: Page,
  route: string,
  format: 'json' | 'xml',
): Promise<Execution> {
  const media = `application/${format}`;
  const op = await tryItOut(page, route, media);
  await op
    .locator('tr[data-param-name="X-SVC-Sequence-Name"] select')
    .selectOption(format === 'xml' ? 'libAParamArrayXmlInOutSequence' : '');
  await op
    .locator('.execute-content-type select, .response-control-media-type select')
    .first()
    .selectOption(media);
  // Swagger UI fills in the sample of the chosen media type a moment after the choice.
  const textarea = await op.locator('textarea.body-param__text').elementHandle();
  await op
    .page()
    .waitForFunction(
      ({ element, xml }) => /^\s*</.test((element as unknown as { value: string }).value) === xml,
      { element: textarea, xml: format === 'xml' },
    );
  const sample = await op.locator('textarea.body-param__text').inputValue();
  const [request] = await Promise.all([
    op.page().waitForRequest((r) => r.method() === 'POST'),
    op.getByRole('button', { name: 'Execute' }).click(),
  ]);
  const response = op.locator('.live-responses-table .response');
  const status = ((await response.locator('.response-col_status').textContent()) ?? '').trim();
  const shown = response.locator('.response-col_description .microlight').first();
  const body = status === '204' ? '' : ((await shown.textContent()) ?? '');
  await op.locator('button.btn-clear').click();
  await response.waitFor({ state: 'detached' });
  return {
    sample,
    sent: { headers: await request.allHeaders(), body: request.postData() ?? '' },
    status,
    body: body.replace(/\s+/g, ''),
  };
}
