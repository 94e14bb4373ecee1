import { replicaBook } from '../../src/transport/nats/replica-book';
import { type ReplicaStatus } from '../../src/transport/nats/replica-ping';
import { type ReplicaRecord } from '../../src/transport/nats/replica-record';

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

  it('says every replica left once each drained before it went silent, lost while one did not', () => {
    const book = replicaBook(60_000);
    book.heard(status('a', { draining: true }), round(1), 1_000);
    book.silent(2_300, 1_200);
    // The watch marks it left once it heard no call of it unanswered (src/transport/nats/lost-replicas.ts).
    (book.get('a') as ReplicaRecord).left = true;
    expect(book.serving(0).closed).toBe('left');
    book.forget(61_001);
    expect(book.serving(0).closed).toBe('left');
    book.heard(status('b'), round(2), 62_000);
    book.silent(63_300, 1_200);
    expect(book.serving(0).closed).toBe('lost');
    book.heard(status('c', { draining: true }), round(3), 64_000);
    book.silent(65_300, 1_200);
    (book.get('c') as ReplicaRecord).left = true;
    expect(book.serving(0).closed).toBe('lost');
    book.forget(200_000);
    expect(book.serving(0).closed).toBe('lost');
  });

  describe('two processes with one replica id', () => {
    const first = (more: Partial<ReplicaStatus> = {}) =>
      status('a', { instance: '11111111', ...more });
    const second = () => status('a', { instance: '22222222' });

    it('are twins once both answer a ping sent after the second first answered, said once', () => {
      const book = replicaBook();
      book.heard(first(), round(1), 1_000);
      expect(book.heard(second(), round(1), 1_000).twin).toBe(true);
      expect(book.heard(second(), round(2), 1_250).twin).toBe(false);

      const late = replicaBook();
      late.heard(first(), round(1), 1_000);
      expect(late.heard(second(), round(2), 1_250).twin).toBe(false);
      expect(late.heard(first(), round(2), 1_260).twin).toBe(false);
      expect(late.heard(second(), round(3), 1_500).twin).toBe(true);
    });

    it('is a restart, no twin, when the first was killed before the second started', () => {
      const book = replicaBook(60_000);
      book.heard(first(), round(1), 1_000);
      for (let n = 2; n < 8; n++)
        expect(book.heard(second(), round(n), 1_000 + n * 250).twin).toBe(false);
      expect(book.silent(2_300, 1_200)).toEqual(['a.11111111']);
      expect(book.heard(second(), round(9), 2_500).twin).toBe(false);
      book.forget(61_001);
      expect(book.heard(second(), round(10), 61_100).twin).toBe(false);
    });

    it('is a restart, no twin, when the first drains as the second starts', () => {
      const book = replicaBook();
      book.heard(first({ draining: true }), round(1), 1_000);
      for (let n = 2; n < 6; n++) {
        expect(book.heard(second(), round(n), 1_000 + n * 250).twin).toBe(false);
        expect(book.heard(first({ draining: true }), round(n), 1_000 + n * 250).twin).toBe(false);
      }
    });

    it('are twins when a third starts beside the restart of a first that was killed', () => {
      const third = () => status('a', { instance: '33333333' });
      const book = replicaBook();
      book.heard(first(), round(1), 1_000);
      expect(book.silent(2_300, 1_200)).toEqual(['a.11111111']);
      expect(book.heard(second(), round(6), 2_500).twin).toBe(false);
      expect(book.heard(third(), round(7), 2_750).twin).toBe(false);
      expect(book.heard(second(), round(8), 3_000).twin).toBe(false);
      expect(book.heard(third(), round(8), 3_010).twin).toBe(true);
      expect(book.heard(third(), round(9), 3_250).twin).toBe(false);
    });

    // A crash loop under one --replica-id: each restart is a new process, heard once, then silent.
    it('remembers the last 8 processes lost under one id, however many restarts came', () => {
      const book = replicaBook();
      const forgotten: string[] = [];
      for (let n = 0; n < 200; n++) {
        const at = 1_000 + n * 1_500;
        book.heard(status('a', { instance: n.toString(16).padStart(8, '0') }), round(n), at);
        book.silent(at + 1_300, 1_200);
        forgotten.push(...book.forget(at + 1_300).map((record) => record.replica));
      }
      const kept = Array.from(
        { length: 200 },
        (_, n) => `a.${n.toString(16).padStart(8, '0')}`,
      ).filter((key) => book.get(key) !== undefined);
      expect(kept).toEqual(
        ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'].map((n) => `a.000000${n}`),
      );
      expect(forgotten).toHaveLength(192);
      // A process of another id, lost as long, is remembered: the bound is per id.
      const other = replicaBook();
      other.heard(status('b', { instance: 'bbbbbbbb' }), round(1), 1_000);
      for (let n = 0; n < 20; n++) {
        other.heard(
          status('a', { instance: n.toString(16).padStart(8, '0') }),
          round(n + 2),
          2_000 + n,
        );
        other.silent(4_000 + n, 1_200);
        other.forget(4_000 + n);
      }
      expect(other.get('b.bbbbbbbb')?.lost).toBe(true);
    });

    it('are twins when the first, hung as the second started, answers again', () => {
      const book = replicaBook();
      book.heard(first(), round(1), 1_000);
      expect(book.heard(second(), round(5), 2_000).twin).toBe(false);
      book.silent(2_300, 1_200);
      expect(book.heard(second(), round(6), 2_300).twin).toBe(false);
      expect(book.heard(first(), round(7), 2_500).back).toBe(true);
      expect(book.heard(second(), round(7), 2_510).twin).toBe(true);
    });
  });
});
