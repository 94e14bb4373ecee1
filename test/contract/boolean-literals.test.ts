import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractFindings } from './types-project';

/** `yes: true` is a set of one boolean, which the runtime does not bind: the build says so. */
const SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Versioned {
  yes: true;
  done?: true;
  state: false | 'pending';
  either: true | false;
  plain: boolean;
}
@Api() @RemoteService('versions') export class VersionService {
  @ApiOperation('Echoes') echo(v: Versioned): Versioned { return v; }
}
export default nativeApp({ name: 'shop', services: [VersionService] });
`;

const FIX =
  "holds true or false alone, a set of booleans the runtime does not check: write boolean, or string literals ('done' | 'pending'); it is marked x-unsupported-type in the document, and the runtime cannot bind it";

describe('boolean literals, under --strict --contract', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-boolean-literals-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses true or false alone at the member, where the server refused to start', async () => {
    expect(await contractFindings(dir, SOURCE, { strict: true })).toEqual([
      `service.ts:4: Versioned.yes has type \`true\`, which ${FIX}`,
      `service.ts:5: Versioned.done has type \`true | undefined\`, which ${FIX}`,
      `service.ts:6: Versioned.state has type \`false | "pending"\`, which ${FIX}`,
    ]);
  }, 60_000);
});
