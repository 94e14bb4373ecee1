import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractFindings } from './types-project';

describe('unions the contract cannot bind', () => {
  it('is a build error with file:line that names the fix', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-unions-refused-'));
    try {
      const source = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface A { a: string }
export interface B { b: number }
@Api() @RemoteService('refused') export class RefusedService {
  @ApiOperation('Takes either') either(value: A | B): number { return 0; }
  @ApiOperation('Takes text or a number') text(value: string | number): number { return 0; }
  @ApiOperation('Takes a shape or text') shape(value: { kind: 'circle' } | string): number { return 0; }
  @ApiOperation('Takes a mixed tag') mixed(value: { k: 'a'; v: number } | { k: 1; e: string }): number { return 0; }
  @ApiOperation('Takes a date or text') when(value: Date | string): number { return 0; }
}
export default nativeApp({ name: 'refused', services: [RefusedService] });
`;
      const fix =
        "give each member an object type with a required member of its own literals, all strings, all numbers or all booleans, such as kind: 'circle' or ok: true (a primitive beside one object type binds only as a field)";
      const scalars =
        'is a union of values that XML carries alike, as text (string | number, Date | string), which the runtime cannot tell apart: write one type for them (string, read in the method), or a discriminated union of objects';
      expect(await contractFindings(dir, source)).toEqual([
        `service.ts:6: refused.either(value) is a union whose members no literal member tells apart, which the runtime cannot bind: ${fix}`,
        `service.ts:7: refused.text(value) ${scalars}`,
        `service.ts:8: refused.shape(value) is a union whose members no literal member tells apart, which the runtime cannot bind: ${fix}`,
        `service.ts:9: refused.mixed(value) is a union whose members no literal member tells apart, which the runtime cannot bind: ${fix}`,
        // Values that all travel as text: a literal member is no fix for them.
        `service.ts:10: refused.when(value) ${scalars}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
