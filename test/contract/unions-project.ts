/** Discriminated unions and intersections in plain TypeScript, bound through the contract. */
export const UNIONS_SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
export class Entity { @Field() id!: string; secret = 'kept out' }
export type Tagged = Entity & { tag: string };
export interface Circle { kind: 'circle'; radius: number }
export interface Square { kind: 'square' | 'box'; side: number }
/** Any shape. */
export type Shape = Circle | Square;
export interface Named { name: string }
export type Labelled = Named & { label?: string };
export interface Drawing { shapes: Shape[]; main: Shape | null; title: Labelled }
export type Mixed = 'a' | 'b' | 1 | 2;
export interface Leaf { kind: 'leaf'; value: number }
export interface Branch { kind: 'branch'; children: Tree[] }
export type Tree = Leaf | Branch;
export type MaybeShape = Circle | Square | null;
export type MaybeMixed = 'a' | 1 | null;
export interface Slot { shape: MaybeShape }
export type MaybeNote = { text: string } | null;
export interface Address { street: string; zip?: string }
export type MaybeAddress = Address | null;
export type Move = { kind: 'walk'; steps: number } | { kind: 'jump'; height: number };
export interface Journey { last: Move | null; next?: Move; main?: Shape | null }
export interface Draft { title: string; note: string | undefined; size: Shape | undefined }
export interface Contact { where: string | Address; size?: number | Shape; level: Mixed | Address }
const total = (t: Tree): number =>
  t.kind === 'leaf' ? t.value : t.children.reduce((n, c) => n + total(c), 0);
@Api() @RemoteService('draw') export class DrawService {
  @ApiOperation('Echoes a shape') echo(shape: Shape): Shape { return shape; }
  @ApiOperation('Echoes a drawing') drawing(drawing: Drawing): Drawing { return drawing; }
  @ApiOperation('Answers a shape that fits no member') wrong(kind: string): Shape {
    return { kind, side: 1 } as unknown as Shape;
  }
  @ApiOperation('Measures two shapes') area(a: Shape, b: Shape): number {
    const one = (s: Shape) => (s.kind === 'circle' ? s.radius ** 2 * 3 : s.side ** 2);
    return one(a) + one(b);
  }
  @ApiOperation('Echoes a labelled name') label(named: Labelled): Labelled & { seen: boolean } {
    return { ...named, seen: true };
  }
  @ApiOperation('Echoes a mixed literal') mixed(value: Mixed): Mixed { return value; }
  @ApiOperation('Echoes a contact') contact(contact: Contact): Contact { return contact; }
  @ApiOperation('Answers a contact that fits neither') badContact(): Contact {
    return { where: 5, level: 'a' } as unknown as Contact;
  }
  @ApiOperation('Sums a tree') sum(tree: Tree): number { return total(tree); }
  @ApiOperation('Counts shapes') count(shapes: (Shape | null)[], extra: Shape | null): number {
    return shapes.filter((s) => s !== null).length + (extra ? 1 : 0);
  }
  @ApiOperation('Pairs a shape with a name') pair(shape: Shape): [Shape, string] { return [shape, shape.kind]; }
  @ApiOperation('Indexes shapes') index(shapes: Record<string, Shape>): number { return Object.keys(shapes).length; }
  @ApiOperation('Echoes a shape or null') maybe(shape: MaybeShape): MaybeShape { return shape; }
  @ApiOperation('Echoes a literal or null') maybeMixed(value: MaybeMixed): MaybeMixed { return value; }
  @ApiOperation('Echoes a note or null') note(note: MaybeNote): MaybeNote { return note; }
  @ApiOperation('Echoes a slot') slot(slot: Slot): Slot { return slot; }
  @ApiOperation('Echoes a move') move(move: Move): Move { return move; }
  @ApiOperation('Echoes a journey') journey(journey: Journey): Journey { return journey; }
  @ApiOperation('Echoes a draft') draft(draft: Draft): Draft { return draft; }
  @ApiOperation('Answers a draft with undefined members') blank(): Draft {
    return { title: 't', note: undefined, size: undefined };
  }
  @ApiOperation('Echoes a stroke') stroke(stroke: { at: 'start'; x: number } | { at: 'end' }): string {
    return stroke.at;
  }
  @ApiOperation('Echoes an address or null') maybeAddress(a: MaybeAddress): MaybeAddress { return a; }
  @ApiOperation('Echoes a full address') full(a: Required<Address>): Required<Address> { return a; }
  @ApiOperation('Takes a point') point(p: { x: number; y: number }): number { return p.x + p.y; }
  @ApiOperation('Tags an entity') tag(tagged: Tagged): Tagged { return { ...tagged, secret: 's' }; }
}
export default nativeApp({ name: 'shapes', services: [DrawService] });
`;
