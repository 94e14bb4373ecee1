import { type NativeAppDefinition } from '../../src/microservices';
import { applyContract } from '../../src/runtime/contract/apply-contract';
import { findContract, readContract } from '../../src/runtime/contract/read-contract';
import { buildContractProject } from './types-project';

/** Records, tuples and nullable parameters and items, in plain TypeScript types. */
export const SHAPES_SOURCE = `
import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
export interface Book { title: string; year?: number }
export interface Shelf {
  name: string;
  books: { [key: string]: Book };
  /** @minimum 0 */
  counts?: Record<string, number>;
}
export type Pair = [string, number];
@Api() @RemoteService('shapes') export class ShapeService {
  @ApiOperation('Echoes scores') scores(scores: Record<string, number>): Record<string, number> {
    return scores;
  }
  @ApiOperation('Lists the keys') keys(scores: Record<string, number>): string[] {
    const own = Object.keys(scores);
    return [...own, String(Object.getPrototypeOf(scores)), String(({} as { polluted?: 1 }).polluted)];
  }
  @ApiOperation('Echoes a shelf') shelf(shelf: Shelf): Shelf { return shelf; }
  @ApiOperation('Echoes a pair') pair(pair: Pair): Pair { return pair; }
  @ApiOperation('Echoes a tuple with optional and rest items')
  rest(values: [string, number?, ...boolean[]]): [string, number?, ...boolean[]] { return values; }
  @ApiOperation('Echoes a text or null') maybe(text: string | null): string | null { return text; }
  @ApiOperation('Joins two') both(a: string | null, b: Book | null): (string | null)[] {
    return [a, b === null ? null : b.title];
  }
  @ApiOperation('Echoes items') items(texts: (number | null)[]): (number | null)[] { return texts; }
  @ApiOperation('Answers a bad record') badRecord(key: string): Record<string, number> {
    return { [key]: 'x' } as unknown as Record<string, number>;
  }
  @ApiOperation('Answers a short pair') badPair(text: string): Pair {
    return [text] as unknown as Pair;
  }
}
export default nativeApp({ name: 'shapes', services: [ShapeService] });
`;

/** Builds {@link SHAPES_SOURCE} in \`dir\` with its contract, and types its app from it. */
export async function buildShapesProject(dir: string) {
  const { module, generation } = await buildContractProject(dir, SHAPES_SOURCE);
  const app = require(module).default as NativeAppDefinition;
  applyContract(readContract(findContract(module) as string), [app]);
  return { app, generation };
}
