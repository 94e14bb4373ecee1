import { generateDocument } from '../../src/swagger/cli/generate';
import { sourceProject } from '../swagger/support';

// Bug: generate-swagger wrote operations under a microservice name that portico start refuses
// (`my.calc`: a NATS subject cannot carry it, docs/design.md §2), so the document described paths
// no server can have. Now that name is an error at the nativeApp's line, and nothing is written.
const SERVICE = `
import { Api, ApiOperation, RemoteService, nativeApp } from 'portico';

@Api()
@RemoteService('greeter')
export class GreeterService {
  @ApiOperation('Greets')
  greet(name: string): string {
    return 'hello ' + name;
  }
}

export const app = nativeApp({ name: 'my.calc', services: [GreeterService] });
`;

describe('generate-swagger and a microservice name the server refuses', () => {
  const project = sourceProject(SERVICE);
  afterAll(() => project.remove());

  it('is an error at the nativeApp that names the rule', async () => {
    const { diagnostics } = await generateDocument({
      project: project.tsconfig,
      title: 'T',
      version: '1',
    });
    expect(diagnostics.map((d) => `${d.location?.line}: ${d.severity} ${d.message}`)).toContain(
      '13: error microservice name "my.calc" must be 1 to 128 characters of A-Z, a-z, 0-9, "_" and "-", the first a letter or digit: it is the first segment of its URL paths and a token of its NATS subject, in every placement; portico start refuses it',
    );
  });
});
