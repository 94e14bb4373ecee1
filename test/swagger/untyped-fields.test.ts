import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { sourceProject } from './support';

const SERVICE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';

export class Person { @Field() name!: string; }
export class Page<T> {
  @Field() items!: T[];
  @Field() total!: number;
}
export class Team {
  @Field() members!: Person[];
  @Field() motto!: string | null;
}

@Api()
@RemoteService('people')
export class PersonService {
  @ApiOperation('people') people(page: Page<Person>): number { return page.total; }
  @ApiOperation('names') names(page: Page<string>): number { return page.total; }
  @ApiOperation('team') team(team: Team): number { return team.members.length; }
}

export const app = nativeApp({ name: 'hello', services: [PersonService] });
`;

/**
 * Without a contract, a bare @Field() on a type TypeScript emits as Array or Object leaves the
 * server without the type: it refuses to start. The build says so first, once per member.
 */
describe('generate-swagger on bare @Field() members the runtime cannot type', () => {
  const project = sourceProject(SERVICE);
  let generation: Generation;
  beforeAll(async () => {
    const info = { title: 'Hello', version: '1.0.0' };
    generation = await generateDocument({ project: project.tsconfig, ...info });
  });
  afterAll(() => project.remove());

  it('names the @Field to write, or for a generic member the contract, once per member', () => {
    const lead = '@Field() names no type and TypeScript emits this one as';
    const refused = 'so the server refuses to start without a contract';
    expect(generation.diagnostics.map((d) => `${d.location?.line}: ${d.message}`)).toEqual([
      `6: Page_Person.items: ${lead} Array, ${refused}: build with --contract, which types each instantiation (a @Field on a generic member names one type for all)`,
      `10: Team.members: ${lead} Array, ${refused}: write @Field([Person]), or build with --contract`,
      `11: Team.motto: ${lead} Object, ${refused}: write @Field(String, { nullable: true }), or build with --contract`,
    ]);
  });
});
