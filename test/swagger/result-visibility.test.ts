import { generateDocument } from '../../src/swagger/cli/generate';
import { sourceProject } from './support';

const SERVICE = `
import { Api, ApiOperation, Field, nativeApp, RemoteService } from 'portico';

export class Greeting {
  @Field() text!: string;
}

export interface Plain {
  text: string;
}

@Api()
@RemoteService('greeter')
export class GreeterService {
  @ApiOperation('async, no returns')
  async later(name: string): Promise<Greeting> {
    return { text: name };
  }

  @ApiOperation('async, with returns', { returns: Greeting })
  async named(name: string): Promise<Greeting> {
    return { text: name };
  }

  @ApiOperation('sync class')
  now(name: string): Greeting {
    return { text: name };
  }

  @ApiOperation('sync string')
  word(name: string): string {
    return name;
  }

  @ApiOperation('array')
  all(name: string): Greeting[] {
    return [{ text: name }];
  }

  @ApiOperation('interface')
  plain(name: string): Plain {
    return { text: name };
  }

  @ApiOperation('nullable: TypeScript emits Greeting')
  maybe(name: string): Greeting | null {
    return name ? { text: name } : null;
  }

  @ApiOperation('union')
  either(name: string): Greeting | number {
    return name.length;
  }
}

export const app = nativeApp({ name: 'hello', services: [GreeterService] });
`;

/** A result whose type TypeScript does not emit cannot be checked: the generator says so. */
describe('generate-swagger on results the runtime cannot see', () => {
  let project: ReturnType<typeof sourceProject>;
  beforeAll(() => {
    project = sourceProject(SERVICE);
  });
  afterAll(() => project.remove());

  it('warns for each result without returns whose type is a promise, an array, an interface or a union', async () => {
    const { diagnostics } = await generateDocument({
      project: project.tsconfig,
      title: 'Hello',
      version: '1.0.0',
    });
    const messages = diagnostics.map((d) => `${d.location?.line}: ${d.message}`);
    const warned = (emitted: string, method: string) =>
      expect.stringContaining(
        `greeter.${method}() declares a result type that TypeScript emits as ${emitted}, so the runtime cannot check its results against the document: give { returns: … }, or build with --contract`,
      );
    expect(messages).toEqual([
      warned('Promise', 'later'),
      warned('Array', 'all'),
      warned('Object', 'plain'),
      warned('Object', 'either'),
    ]);
  });
});
