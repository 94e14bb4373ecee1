import { replicaBook } from '../../src/transport/nats/replica-book';
import { type ReplicaStatus } from '../../src/transport/nats/replica-ping';

const status = (replica: string, more: Partial<ReplicaStatus> = {}): ReplicaStatus => ({
  microservice: 'calc',
  replica,
  pid: 1,
  running: 0,
  waiting: 0,
  concurrency: 64,
  holds: [],
  ...more,
});
const round = (seq: number) => ({ at: seq * 100, seq });

describe('the replica book of a main server', () => {
  it('counts a replica lost after its silence, and back when it answers again', () => {
    const book = replicaBook();
    book.heard(status('a'), round(1), 1_000);
    expect(book.silent(2_000, 1_200)).toEqual([]);
    expect(book.silent(2_201, 1_200)).toEqual(['a']);
    expect(book.silent(9_000, 1_200)).toEqual([]);
    expect(book.anyReady()).toBe(false);
    expect(book.heard(status('a'), round(2), 9_100).back).toBe(true);
    expect(book.anyReady()).toBe(true);
  });

  it('says which calls a lost replica may have taken unreported: those sent after its last answer', () => {
    const book = replicaBook();
    book.heard(status('a'), round(5), 1_000);
    book.silent(3_000, 1_200);
    expect(book.lostMayHold({ seq: 6 })).toBe(true);
    expect(book.lostMayHold({ seq: 4 })).toBe(false);
    // Sent after it was counted lost: a replica that was only slow may still have taken it.
    expect(book.lostMayHold({ seq: 9 })).toBe(true);
    book.heard(status('a'), round(10), 3_500);
    expect(book.lostMayHold({ seq: 9 })).toBe(false);
  });

  it('knows no call is anywhere only while every live replica reports its calls', () => {
    const book = replicaBook();
    expect(book.answeredSince(round(7))).toEqual(round(7));
    book.heard(status('a'), round(3), 1_000);
    book.heard(status('b'), round(4), 1_000);
    expect(book.answeredSince(round(7))).toEqual(round(3));
    // A replica of an earlier release does not say what it holds.
    book.heard(status('old', { holds: undefined }), round(4), 1_000);
    expect(book.answeredSince(round(7))).toBeUndefined();
  });

  it('marks the calls that may have lost their reply when a replica reports a connection loss', () => {
    const book = replicaBook();
    book.heard(status('a', { cuts: 0 }), round(3), 1_000);
    book.heard(status('a', { cuts: 1 }), round(8), 1_500);
    expect(book.cutSince(5)).toBe(true);
    expect(book.cutSince(2)).toBe(false);
    expect(book.cutSince(9)).toBe(false);
  });

  it('does not count a draining replica as ready', () => {
    const book = replicaBook();
    book.heard(status('a', { draining: true }), round(1), 1_000);
    expect(book.anyReady()).toBe(false);
  });

  it('does not count a joining replica as ready until it answers that it takes calls', () => {
    const book = replicaBook();
    book.heard(status('a', { joining: true }), round(1), 1_000);
    expect(book.anyReady()).toBe(false);
    book.heard(status('a'), round(2), 1_250);
    expect(book.anyReady()).toBe(true);
  });

  it('stays closed once it has forgotten every lost replica, and is open while it never heard one', () => {
    const book = replicaBook(60_000);
    expect(book.serving(0).closed).toBeUndefined();
    book.heard(status('a'), round(1), 1_000);
    book.silent(2_300, 1_200);
    expect(book.forget(61_000)).toEqual([]);
    expect(book.serving(0).closed).toBe('lost');
    expect(book.forget(61_001).map((record) => record.replica)).toEqual(['a']);
    expect(book.get('a')).toBeUndefined();
    expect(book.serving(0).closed).toBe('lost');
    book.heard(status('b'), round(2), 62_000);
    expect(book.serving(0).closed).toBeUndefined();
  });
});
