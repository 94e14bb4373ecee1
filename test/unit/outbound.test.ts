import { inspect } from 'node:util';
import { type CallContext } from '../../src/protocol/envelope';
import { runWithCallContext } from '../../src/runtime/call-context';
import { bindOutbound, getCallDeadline, outboundOf } from '../../src/runtime/outbound';

/** A context as a replica decodes it from a frame. */
function decodedContext(): CallContext {
  return {
    requestId: 'req-1',
    locale: 'de-CH',
    privilegeNames: ['reader'],
    privileged: false,
    user: 'alice',
    peerAddress: '192.0.2.10',
  };
}

/** A carrier whose sends are not expected in these tests. */
function carrier(deadline: number) {
  return { deadline, call: () => Promise.reject(new Error('not sent in this test')) };
}

/** Everything about an object that a method could see, print or pass on. */
function visible(context: object) {
  return {
    keys: Reflect.ownKeys(context),
    json: JSON.stringify(context),
    spread: { ...context },
    shown: inspect(context, { showHidden: true, depth: 4 }),
  };
}

describe('bindOutbound', () => {
  it('gives the carrier to the context it was bound to, and to no other', () => {
    const context = decodedContext();
    const bound = carrier(1000);
    bindOutbound(context, bound);
    expect(outboundOf(context)).toBe(bound);
    expect(outboundOf(decodedContext())).toBeUndefined();
    expect(outboundOf({ ...context })).toBeUndefined();
  });

  it('replaces the carrier when the same context is bound again', () => {
    const context = decodedContext();
    bindOutbound(context, carrier(1000));
    const second = carrier(2000);
    bindOutbound(context, second);
    expect(outboundOf(context)).toBe(second);
  });

  it('adds nothing to the context that a method could see, print, spread or serialize', () => {
    const context = decodedContext();
    const before = visible(context);
    bindOutbound(context, carrier(1000));
    expect(visible(context)).toEqual(before);
    expect(context).toStrictEqual(decodedContext());
  });

  it('binds a context that takes no new fields', () => {
    const context = Object.freeze(decodedContext());
    const bound = carrier(1000);
    bindOutbound(context, bound);
    expect(outboundOf(context)).toBe(bound);
    expect(Object.isFrozen(context)).toBe(true);
  });
});

describe('getCallDeadline', () => {
  it("tells a method its call's deadline where a carrier was bound, and undefined elsewhere", () => {
    const served = decodedContext();
    bindOutbound(served, carrier(1234));
    const deadlineIn = (context: CallContext) =>
      runWithCallContext(context, { fn: () => getCallDeadline() });
    expect(deadlineIn(served)).toBe(1234);
    expect(deadlineIn(decodedContext())).toBeUndefined();
    expect(() => getCallDeadline()).toThrow('outside a remote call');
  });
});
