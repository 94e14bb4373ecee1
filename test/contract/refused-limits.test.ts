import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { CONTRACT_FILE } from '../../src/runtime/contract/contract-format';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { contractFindings, contractGeneration } from './types-project';

/** Limits on values they cannot apply to: the server refuses to start, so the build says so first. */
const member = (declaration: string) => `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
export type Color = 'red' | 'green';
export type Mixed = 'a' | 'bb' | 3;
export type Shape = 'tuple' | 'list';
/** @minLength 3 */
export type Code = string;
export class Spot { @Field() street!: string; }
export class Paint {
  ${declaration}
}
@Api() @RemoteService('paints') export class PaintService {
  @ApiOperation('Echoes a paint') paint(paint: Paint): Paint { return paint; }
}
export default nativeApp({ name: 'shop', services: [PaintService] });
`;

const FIX = '; the server would refuse to start: fix the limit or the type';

const REFUSED: readonly (readonly [string, string])[] = [
  ['/** @minimum 2 */ @Field() name!: string;', 'Paint.name: minimum 2 cannot apply to a string'],
  ['@Field({ minimum: 1 }) name!: string;', 'Paint.name: minimum 1 cannot apply to a string'],
  [
    '/** @pattern ^r */ @Field() level!: number;',
    'Paint.level: pattern ^r cannot apply to a number',
  ],
  ['/** @pattern ^x */ @Field() when!: Date;', 'Paint.when: pattern ^x cannot apply to a Date'],
  ['/** @maximum 3 */ @Field() code!: Code;', 'Paint.code: maximum 3 cannot apply to a string'],
  [
    '/** @minItems 1 */ @Field() one!: string;',
    'Paint.one: minItems 1 cannot apply to a value that is no array',
  ],
  [
    '/** @maximum 3 */ @Field() many!: Record<string, string[]>;',
    'Paint.many: maximum 3 cannot apply to a string',
  ],
  [
    '/** @minimum 2 */ @Field() color!: Color;',
    'Paint.color: minimum 2 cannot apply to Color, which holds no number',
  ],
  [
    '/** @pattern ^x */ @Field() color!: Color;',
    'Paint.color: pattern ^x keeps none of the strings of Color ("green", "red"), so it would take none of them',
  ],
  [
    '/** @minLength 3 */ @Field() mixed!: Mixed;',
    'Paint.mixed: minLength 3 keeps none of the strings of Mixed ("a", "bb"), so it would take none of them',
  ],
  [
    // A value that reads like the tuple's own finding is still told that the server would refuse.
    '/** @pattern ^x */ @Field() shape!: Shape;',
    'Paint.shape: pattern ^x keeps none of the strings of Shape ("list", "tuple"), so it would take none of them',
  ],
  [
    '/** @minimum 1 */ @Field() note!: string | Paint;',
    'Paint.note: minimum 1 cannot apply to a string',
  ],
];

/**
 * What the build finds in `source`, written to `dir`, and a start of its server: the contract
 * generate-swagger writes all the same (the one of the same generation), applied as the server
 * applies it when it starts.
 */
async function build(dir: string, source: string) {
  const { findings, generation } = await contractGeneration(dir, source);
  const start = async () => {
    writeFileSync(path.join(dir, 'dist', CONTRACT_FILE), generation.contractText ?? '');
    const module = path.join(dir, 'dist', 'service.js');
    applyContract(readContract(findContract(module) as string), [require(module).default]);
  };
  return { findings, start };
}

describe('limits on values they cannot apply to, with a contract', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'portico-refused-limits-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(REFUSED)(
    'refuses %s at its line, as the server refuses to start',
    async (field, why) => {
      const built = await build(mkdtempSync(path.join(root, 'case-')), member(field));
      expect(built.findings).toEqual([`service.ts:10: ${why}${FIX}`]);
      await expect(built.start()).rejects.toThrow(/cannot apply|keeps none/);
    },
    60_000,
  );

  it("refuses a @Field's limit on a class's type, which the decorator refuses as the class loads", async () => {
    const dir = mkdtempSync(path.join(root, 'case-'));
    const built = await build(dir, member('@Field({ minLength: 2 }) inner!: Spot;'));
    expect(built.findings).toEqual([
      'service.ts:10: Paint.inner: minLength 2 of @Field cannot apply to Spot, an object type, and where its type is a class the server refuses to start: put it on the member it is meant for, or leave it out',
    ]);
    await expect(built.start()).rejects.toThrow('minLength cannot apply to a field of type Spot');
  }, 60_000);

  it('refuses a maxItems on a tuple, whose items the server binds by its type', async () => {
    const dir = mkdtempSync(path.join(root, 'case-'));
    expect(
      await contractFindings(dir, member('/** @maxItems 1 */ @Field() pair!: [string, string?];')),
    ).toEqual([
      'service.ts:10: Paint.pair: maxItems 1 cannot apply to a tuple, whose items its type gives, and the server takes as many as it has: write the tuple with the items it takes',
    ]);
  }, 60_000);

  it('warns of limits on an object type or a tuple, which neither the document nor the server checks', async () => {
    const dir = mkdtempSync(path.join(root, 'case-'));
    const fields =
      '/** @minLength 2 */ @Field() inner!: Spot; /** @maximum 1 */ @Field() pair!: [number, number];';
    const found = await contractFindings(
      dir,
      member(fields).replace(
        'export class Spot { @Field() street!: string; }',
        'export interface Spot { street: string }',
      ),
      {
        strict: true,
      },
    );
    const IGNORED =
      'so neither the document nor the server checks it: put it on the member it is meant for, or leave it out';
    expect(found).toEqual([
      `service.ts:10: Paint.inner: minLength 2 applies to no value of Spot, an object type, ${IGNORED}`,
      `service.ts:10: Paint.pair: maximum 1 applies to no value of a tuple (an array), ${IGNORED}`,
    ]);
  }, 60_000);

  it('takes limits beside a set that some of its values of their type keep', async () => {
    const dir = mkdtempSync(path.join(root, 'case-'));
    const fields =
      '/** @pattern ^r */ @Field() color!: Color; /** @minLength 2 @maximum 4 */ @Field() mixed!: Mixed;';
    const built = await build(dir, member(fields));
    expect(built.findings).toEqual([]);
    await built.start();
  }, 60_000);
});
