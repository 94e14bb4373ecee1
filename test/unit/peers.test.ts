import { installCommand, missingPeerMessage, needPeer, requirePeer } from '../../src/peers';

describe('optional peers', () => {
  it('name the feature, the package and the command that installs it', () => {
    expect(missingPeerMessage('prom-client')).toBe(
      "portico: metrics (metrics: true, or a replica's --admin-port) needs prom-client, " +
        'which is not installed: run npm install prom-client@^15.1.3',
    );
  });

  it('name the declaration that asked for the package when one did', () => {
    expect(missingPeerMessage('re2js', 'field Order.currency')).toBe(
      'portico: field Order.currency: a pattern on a @Field needs re2js, ' +
        'which is not installed: run npm install re2js@^2.10.0',
    );
  });

  it('install the generator packages as development dependencies, together', () => {
    expect(installCommand(['ts-morph', '@apidevtools/swagger-parser'])).toBe(
      'npm install --save-dev ts-morph@^28.0.0 @apidevtools/swagger-parser@^12.1.0',
    );
    expect(installCommand(['swagger-ui-dist'])).toBe('npm install swagger-ui-dist@^5.35.0');
  });

  it('load an installed peer, and pass nothing when it is there', () => {
    expect(() => needPeer('re2js', 'field Order.currency')).not.toThrow();
    const { RE2JS } = requirePeer<typeof import('re2js')>('re2js');
    expect(RE2JS.compile('^[A-Z]{3}$').test('CHF')).toBe(true);
  });
});
