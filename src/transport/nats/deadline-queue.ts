/**
 * Keys by absolute deadline (epoch ms), so that those due are found without looking at the others.
 * Keys of one millisecond share a bucket, and a min-heap holds each bucket's time once. Adding and
 * deleting a key cost O(1) (a new bucket O(log b), for b buckets: at most one a millisecond), and
 * {@link takeDue} costs O(log b) per bucket it ends plus one step per key it returns: a sweep's
 * work follows what expires, not what waits. A bucket emptied by deletes stays until its time
 * comes to the top of the heap ({@link next} drops it there), so that a key added in the same
 * millisecond again does not push its time twice.
 */
export class DeadlineQueue<K> {
  private readonly buckets = new Map<number, Set<K>>();
  private readonly times: number[] = [];

  /** Adds `key`, due at `at`, rounded up to a whole millisecond; a `NaN` deadline is never due. */
  add(key: K, at: number): void {
    // NaN fails every comparison: at the top of the heap it would hold back every key after it.
    if (Number.isNaN(at)) return;
    // Whole milliseconds: a bucket per fractional deadline would stay, emptied, until its time.
    const time = Math.ceil(at);
    const bucket = this.buckets.get(time);
    if (bucket) {
      bucket.add(key);
      return;
    }
    this.buckets.set(time, new Set([key]));
    this.push(time);
  }

  /** Removes `key`, which was added due at `at`; nothing if it is not there. */
  delete(key: K, at: number): void {
    this.buckets.get(Math.ceil(at))?.delete(key);
  }

  /** Removes and returns the keys due by `now`, earliest deadline first. */
  takeDue(now: number): K[] {
    const due: K[] = [];
    while (this.times.length > 0 && (this.times[0] as number) <= now) {
      const at = this.pop();
      for (const key of this.buckets.get(at) as Set<K>) due.push(key);
      this.buckets.delete(at);
    }
    return due;
  }

  /** The earliest deadline of a key still queued; `Infinity` when there is none. */
  next(): number {
    while (this.times.length > 0 && this.buckets.get(this.times[0] as number)?.size === 0) {
      this.buckets.delete(this.pop());
    }
    return this.times[0] ?? Number.POSITIVE_INFINITY;
  }

  /** Removes every key. */
  clear(): void {
    this.buckets.clear();
    this.times.length = 0;
  }

  private push(at: number): void {
    const times = this.times;
    let i = times.push(at) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((times[parent] as number) <= at) break;
      times[i] = times[parent] as number;
      i = parent;
    }
    times[i] = at;
  }

  private pop(): number {
    const times = this.times;
    const top = times[0] as number;
    const last = times.pop() as number;
    if (times.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= times.length) break;
      const right = left + 1;
      const child =
        right < times.length && (times[right] as number) < (times[left] as number) ? right : left;
      if ((times[child] as number) >= last) break;
      times[i] = times[child] as number;
      i = child;
    }
    times[i] = last;
    return top;
  }
}
