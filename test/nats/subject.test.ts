import { MICROSERVICE_NAME_RULE } from '../../src/protocol/microservice-name';
import { natsSubject } from '../../src/transport/nats/nats-connection';

describe('natsSubject', () => {
  it('puts the microservice name under the prefix, portico by default', () => {
    expect(natsSubject(undefined, 'calc')).toBe('portico.calc');
    expect(natsSubject('shop.eu', 'calc')).toBe('shop.eu.calc');
  });

  it.each(['a.b', 'a b', '*', '>', '', 'a:b'])('refuses the microservice name %j', (name) => {
    expect(() => natsSubject(undefined, name)).toThrow(
      `microservice name ${JSON.stringify(name)} must be ${MICROSERVICE_NAME_RULE}`,
    );
  });

  it.each(['', 'a..b', 'a.*', '>', 'a b', '.a'])('refuses the prefix %j', (prefix) => {
    expect(() => natsSubject(prefix, 'calc')).toThrow('is not a NATS subject without wildcards');
  });
});
