import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { serveContractProject } from './contract-server';

/** Results that may be nothing beside a value, as TypeScript users write a lookup. */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Book { title: string }
@Api() @RemoteService('books') export class BookService {
  @ApiOperation('Finds a book') find(title: string): Book | undefined {
    return title === 'none' ? undefined : { title };
  }
  @ApiOperation('Finds a book later') async later(title: string): Promise<Book | undefined> {
    return title === 'none' ? undefined : { title };
  }
  @ApiOperation('Finds a book or nothing') maybe(title: string): Promise<Book | void> {
    return Promise.resolve(title === 'none' ? undefined : { title });
  }
  @ApiOperation('Picks a letter') pick(title: string, at: number): string | undefined {
    return title[at];
  }
  @ApiOperation('Always a title') title(title: string): string { return title; }
  @ApiOperation('Nothing') forget(title: string): void { void title; }
}
export default nativeApp({ name: 'shelf', services: [BookService] });
`;

describe('a result that may be nothing (T | undefined), with a contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-empty-'));
  let server: TestServer;
  let document: any;

  beforeAll(async () => {
    const served = await serveContractProject(dir, SOURCE);
    server = served.server;
    expect(served.generation.diagnostics).toEqual([]);
    document = served.generation.document;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const statuses = (method: string) =>
    Object.keys(document.paths[`/shelf/books/${method}`].post.responses).filter((s) =>
      s.startsWith('2'),
    );

  it('is described with both answers: 200 with the value, 204 without a body', () => {
    for (const method of ['find', 'later', 'maybe', 'pick']) {
      expect([method, statuses(method)]).toEqual([method, ['200', '204']]);
    }
    expect(statuses('title')).toEqual(['200']);
    expect(statuses('forget')).toEqual(['204']);
    expect(document.paths['/shelf/books/find'].post.responses['204']).toEqual({
      description: 'The method returned nothing',
    });
  });

  it('answers as described, in JSON and XML, ROA and RMC', async () => {
    const call = (method: string, body: string, headers: Record<string, string>) =>
      send(server.url, `/shelf/books/${method}`, { headers, body });
    for (const method of ['find', 'later', 'maybe']) {
      expect(await call(method, '"none"', json())).toMatchObject({ status: 204, text: '' });
      expect(await call(method, '"Emma"', json())).toMatchObject({
        status: 200,
        text: '{"title":"Emma"}',
      });
      for (const sequence of ['libA', 'libB'] as const) {
        const none = await call(method, '<string>none</string>', xml(sequence));
        expect(none).toMatchObject({ status: 204, text: '' });
        expect((await call(method, '<string>Emma</string>', xml(sequence))).status).toBe(200);
      }
    }
    const rmc = json({ 'X-SVC-API-ID': 'RMC' });
    expect(await call('pick', '["ab", 1]', rmc)).toMatchObject({ status: 200, text: '"b"' });
    expect(await call('pick', '["ab", 5]', rmc)).toMatchObject({ status: 204, text: '' });
  });
});
