import { readReplicaStatus, replicaKey } from '../../src/transport/nats/replica-ping';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const status = {
  microservice: 'calc',
  replica: 'calc-1',
  pid: 7,
  running: 0,
  waiting: 0,
  concurrency: 1,
};

describe('a ping answer', () => {
  it('may name the process with an instance, which keys the replica apart from its id', () => {
    const read = readReplicaStatus(encode({ ...status, instance: '0a1b2c3d' }));
    expect(read?.instance).toBe('0a1b2c3d');
    expect(replicaKey(read as NonNullable<typeof read>)).toBe('calc-1.0a1b2c3d');
    // A replica of an earlier release names none: its key is its id.
    expect(replicaKey(readReplicaStatus(encode(status)) as NonNullable<typeof read>)).toBe(
      'calc-1',
    );
  });

  // The instance becomes part of the subject a main server sends calls to.
  it.each([['>'], ['*'], ['ab.cd.ef'], ['0A1B2C3D'], ['abc'], [12345678], ['a'.repeat(33)]])(
    'is refused with the instance %p',
    (instance) => {
      expect(readReplicaStatus(encode({ ...status, instance }))).toBeUndefined();
    },
  );
});
