import { readMicroserviceOptions } from '../../src/cli/microservice-options';

describe('portico microservice --tracing and --admin-port', () => {
  it('are read when given, and absent otherwise', () => {
    const base = ['m.js', '--nats', 'nats://a:1'];
    expect(readMicroserviceOptions([...base, '--tracing', '--admin-port', '9464'], {})).toEqual({
      module: 'm.js',
      servers: ['nats://a:1'],
      development: false,
      tracing: true,
      adminPort: 9464,
    });
    const plain = readMicroserviceOptions(base, {});
    expect(plain).not.toHaveProperty('tracing');
    expect(plain).not.toHaveProperty('adminPort');
  });

  it.each(['x', '65536', '1.5', ''])('refuse --admin-port %j', (port) => {
    expect(() =>
      readMicroserviceOptions(['m.js', '--nats', 'n', '--admin-port', port], {}),
    ).toThrow(`--admin-port must be a port number, got ${port}`);
  });
});
