import path from 'node:path';
import { generateFixture } from './support';

describe('generate-swagger and an overloaded method', () => {
  it('refuses it as overloaded, with file and line, and describes the other methods', async () => {
    const { diagnostics, document } = await generateFixture('overloads');
    expect(
      diagnostics.map((d) => [d.severity, d.location?.file, d.location?.line, d.message]),
    ).toEqual([
      [
        'error',
        path.join(__dirname, 'fixtures', 'overloads', 'service.ts'),
        9,
        'parser.parse is overloaded; a remote method has one signature, so give each its own name',
      ],
    ]);
    expect(Object.keys(document.paths as object)).toEqual(['/m/parser/double']);
  });
});
