import { generateDocument } from '../../src/swagger/cli/generate';
import { json, send, xml } from '../support/http';
import { sourceProject } from '../swagger/support';
import { serveContractProject } from './served-project';

/** Results restated by a `returns` entry over a type alias with JSDoc tags. */
const SOURCE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';
export class Dial {
  private level = 0;
  get value(): number { return this.level; }
  set value(next: number) { this.level = next; }
}
/** @format date */
export type Day = string;
@Api() @RemoteService('days') export class DayService {
  @ApiOperation('Answers a day', { returns: String }) day(text: string): Day { return text; }
  @ApiOperation('Answers a day later', { returns: String }) async later(text: string): Promise<Day> {
    return text;
  }
  @ApiOperation('Counts a day', { params: [String] }) count(d: Day): number { return d.length; }
  @ApiOperation('Answers odd names') odd(text: string): Odd { return { 'a b': text, fine: text }; }
  @ApiOperation('Turns a dial') turn(dial: Dial): Dial { dial.value += 1; return dial; }
  @ApiOperation('Lists days', { returns: [String] }) days(n: number): Day[] {
    return n > 0 ? ['2024-02-30'] : ['2024-02-29'];
  }
}
export interface Odd {
  'a b': string;
  fine: string;
  plan?: Plan;
}
export class Plan { @Field(String) when!: Day; }
export default nativeApp({ name: 'days', services: [DayService] });
`;

const DISAGREES = SOURCE.replace('{ returns: String }) day', '{ returns: Number }) day')
  .replace('{ params: [String] }) count', '{ params: [Number] }) count')
  .replace('{ returns: [String] }) days', '{ returns: [Number] }) days')
  .replace('@Field(String) when', '@Field(Number) when');

type Paths = Record<string, { post: { responses: Record<string, any> } }>;

describe('a params, returns or @Field type over a tagged alias, a member XML cannot name, a setter', () => {
  const project = serveContractProject('stated-results', SOURCE);
  const post = (method: string, body: unknown) =>
    send(project.server.url, `/days/days/${method}`, {
      headers: json(),
      body: JSON.stringify(body),
    });

  it("keeps the alias's tags, in the document and on the server, as params does", async () => {
    const paths = (project.generation.document as { paths: Paths }).paths;
    for (const method of ['day', 'later']) {
      const { schema } =
        paths[`/days/days/${method}`]!.post.responses['200'].content['application/json'];
      expect(schema.anyOf[0]).toMatchObject({ type: 'string', format: 'date' });
      expect((await post(method, '2024-02-29')).text).toBe('"2024-02-29"');
      const wrong = await post(method, '2024-02-30');
      expect(wrong.status).toBe(500);
      expect(wrong.error?.message).toContain('expected a date');
    }
  });

  it("keeps the alias's tags on the items of an array that a returns entry restates", async () => {
    expect((await post('days', 0)).text).toBe('["2024-02-29"]');
    const wrong = await post('days', 1);
    expect(wrong.status).toBe(500);
    expect(wrong.error?.message).toContain('expected a date');
  });

  it("keeps the alias's tags on a parameter that a params entry restates", async () => {
    expect((await post('count', '2024-02-29')).text).toBe('10');
    const wrong = await post('count', '2024-02-30');
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toContain('expected a date');
  });

  it('warns at a member whose name XML cannot carry, and answers 500 in XML, not malformed XML', async () => {
    expect(project.generation.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining('"a b" is no XML element name'),
        location: expect.objectContaining({ line: 23 }),
      }),
    );
    expect((await post('odd', 'x')).text).toBe('{"a b":"x","fine":"x"}');
    for (const family of ['libA', 'libB'] as const) {
      const answer = await send(project.server.url, '/days/days/odd', {
        headers: xml(family),
        body: '<string>x</string>',
      });
      expect(answer.status).toBe(500);
      expect(answer.text).toMatch(/^<error><status>500<\/status><code>INTERNAL_ERROR<\/code>/);
    }
  });

  it('binds a field written as a getter and a setter in every sequence', async () => {
    expect((await post('turn', { value: 1 })).text).toBe('{"value":2}');
    for (const family of ['libA', 'libB'] as const) {
      const turn = (body: string) =>
        send(project.server.url, '/days/days/turn', { headers: xml(family), body });
      expect((await turn('<Dial><value>1</value></Dial>')).text).toBe(
        '<Dial><value>2</value></Dial>',
      );
      const twice = await turn('<Dial><value>1</value><value>2</value></Dial>');
      expect(twice.status).toBe(400);
      expect(twice.text).toContain('field value: field is given twice');
      const none = await turn('<Dial></Dial>');
      expect(none.status).toBe(400);
      expect(none.text).toContain('field value: required field is missing');
    }
  });

  it('fails the build, at the method, parameter or member, where the entry or @Field states another type than the written one', async () => {
    const project = sourceProject(DISAGREES);
    try {
      for (const contract of [false, true]) {
        const found = await generateDocument({
          project: project.tsconfig,
          title: 'T',
          version: '1',
          ...(contract ? { contract: { file: `${project.tsconfig}.contract`, command: 'g' } } : {}),
        });
        const stated = found.diagnostics.filter((d) =>
          / (entry|@Field type) states /.test(d.message),
        );
        expect(stated).toEqual([
          expect.objectContaining({
            severity: contract ? 'error' : 'warning',
            message: expect.stringContaining(
              'days.day(): its returns entry states a number, but its result is written as Day, a string',
            ),
            location: expect.objectContaining({ line: 11 }),
          }),
          expect.objectContaining({
            severity: contract ? 'error' : 'warning',
            message: expect.stringContaining(
              'days.count(d): its params entry states a number, but it is written as Day, a string',
            ),
            location: expect.objectContaining({ line: 15 }),
          }),
          expect.objectContaining({
            severity: contract ? 'error' : 'warning',
            message: expect.stringContaining(
              'Plan.when: its @Field type states a number, but it is written as Day, a string',
            ),
            location: expect.objectContaining({ line: 27 }),
          }),
          expect.objectContaining({
            severity: contract ? 'error' : 'warning',
            message: expect.stringContaining(
              'days.days(): its returns entry states a number[], but its result is written as Day[], a string[]',
            ),
            location: expect.objectContaining({ line: 18 }),
          }),
        ]);
        // The entry alone is described: a number does not take the alias's date format.
        const paths = (found.document as { paths: Record<string, any> }).paths;
        const count = JSON.stringify(paths['/days/days/count']);
        expect(count).toContain('"type":"number"');
        expect(count).not.toContain('"format":"date"');
      }
    } finally {
      project.remove();
    }
  });
});
