import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractFindings } from './types-project';

/** Members no JSON carries, in a service as a user writes it, with Node's types in the program. */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Upload {
  name: string;
  bytes: Uint8Array;
  buffer: Buffer;
  raw: ArrayBuffer;
  sizes: Map<string, number>;
  tags: Set<string>;
  id: bigint;
  extra: unknown;
  loose: any;
  gone: never;
  site: URL;
}
@Api() @RemoteService('files') export class FileService {
  @ApiOperation('Uploads') upload(upload: Upload): string { return upload.name; }
}
export default nativeApp({ name: 'files', services: [FileService] });
`;

const BYTES = 'write string and send the bytes as text (base64, say), or number[] of the bytes';

describe('members no JSON carries, under --strict --contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-refused-members-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses each at its line, naming the member and what to write instead', async () => {
    const found = await contractFindings(dir, SOURCE, { nodeTypes: true, strict: true });
    const at = (line: number, member: string, type: string, fix: string) =>
      expect(found).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^service\\.ts:${line}: Upload\\.${member} has type \`${type}\`.*[:;] ${fix.replace(/[()[\]|.*+?]/g, '\\$&')}; `,
          ),
        ),
      );
    at(5, 'bytes', 'Uint8Array<ArrayBufferLike>', BYTES);
    // Node's Buffer is refused as the built-in class it is, not described by its members.
    at(6, 'buffer', 'Buffer<ArrayBufferLike>', BYTES);
    at(7, 'raw', 'ArrayBuffer', BYTES);
    at(8, 'sizes', 'Map<string, number>', 'write Record<string, number>, an object of keys');
    at(9, 'tags', 'Set<string>', 'write an array, string[]');
    at(10, 'id', 'bigint', 'write number (with a JSDoc @integer for whole numbers) or string');
    at(11, 'extra', 'unknown', 'write the type of the values it holds');
    at(12, 'loose', 'any', 'write the type of the values it holds');
    at(13, 'gone', 'never', 'leave a member out');
    at(14, 'site', 'URL', 'write string, with a JSDoc @format uri, which is checked');
    expect(found.filter((f) => /Buffer_|lib\.es5|index signature/.test(f))).toEqual([]);
  }, 60_000);

  it("describes Node's interfaces of plain data by their members, as the project's own", async () => {
    const status = `
import type { CpuInfo } from 'node:os';
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Status { name: string; cpus: CpuInfo[] }
@Api() @RemoteService('status') export class StatusService {
  @ApiOperation('Status') status(name: string): Status { return { name, cpus: [] }; }
}
export default nativeApp({ name: 'status', services: [StatusService] });
`;
    expect(await contractFindings(dir, status, { nodeTypes: true, strict: true })).toEqual([]);
  }, 60_000);

  it('names each member XML cannot carry, also several of one written type', async () => {
    const levels = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export type Levels = Record<1 | 2, string>;
@Api() @RemoteService('levels') export class LevelService {
  @ApiOperation('Echoes') echo(levels: Levels): Levels { return levels; }
}
export default nativeApp({ name: 'levels', services: [LevelService] });
`;
    const found = await contractFindings(dir, levels, { strict: true });
    const message = (name: string) =>
      `service.ts:3: Levels.${name}: "${name}" is no XML element name (a letter or _ first, then letters, digits, -, _ or .; no space, no colon), so XML cannot carry the member: an XML request cannot give it, and an XML answer that holds it is a 500; rename the member`;
    expect([...found].sort()).toEqual([message('1'), message('2')]);
  }, 60_000);
});
