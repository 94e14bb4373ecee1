import type http from 'node:http';
import v8 from 'node:v8';
import { createInFlight } from '../../src/server/in-flight';

// The main server's count of requests in flight kept the open responses in a Set. Each rehash of
// a Set leaves the replaced table pointing at the new one and at the responses it held; once the
// Set lived in the old generation, so did each new table, and each dead one kept the responses it
// had held alive through every young-generation collection until a full one. On a NATS main
// server at 100 connections about every call's request and response were promoted: 3.1 MB per
// scavenge against 0.1 MB with the places of an array (docs/history/performance-log.md).

/** A stand-in for a call's response: about 850 bytes, none of them shared with another call. */
function response(n: number): http.ServerResponse {
  return { n, body: new Array<number>(100).fill(n) } as unknown as http.ServerResponse;
}

/** Bytes the old generation grew by in young-generation collections, of `statistics`. */
function promotedByScavenges(statistics: v8.GCProfilerResult['statistics']): number {
  const oldSpace = (heap: v8.HeapSpaceStatistics[]) => {
    const space = heap.find(({ spaceName }) => spaceName === 'old_space');
    if (!space) throw new Error('no old_space in the profile');
    return space.spaceUsedSize;
  };
  let promoted = 0;
  for (const gc of statistics) {
    if (gc.gcType !== 'Scavenge') continue;
    promoted +=
      oldSpace(gc.afterGC.heapSpaceStatistics) - oldSpace(gc.beforeGC.heapSpaceStatistics);
  }
  return promoted;
}

describe('the count of requests in flight', () => {
  it('does not keep answered responses alive through young-generation collections', () => {
    const inFlight = createInFlight();
    // A server that waited for its first calls: its count has aged into the old generation.
    for (let n = 0; n < 300; n++) inFlight.end(inFlight.begin(response(n)));
    const idle: object[] = [];
    for (let n = 0; n < 3_000_000; n++) idle[n & 1023] = { n };

    // About 850 bytes each: 170 MB, several times the young generation of any Node version, so
    // scavenges fall in the window whatever the heap's sizing (50 000 calls once saw none).
    const calls = 200_000;
    const open: number[] = [];
    const profiler = new v8.GCProfiler();
    profiler.start();
    // 100 connections: each call begins as the oldest of the 100 before it ends.
    for (let n = 0; n < calls; n++) {
      open.push(inFlight.begin(response(n)));
      if (open.length > 100) inFlight.end(open.shift() as number);
    }
    for (const place of open) inFlight.end(place);
    const { statistics } = profiler.stop();

    expect(statistics.some((gc) => gc.gcType === 'Scavenge')).toBe(true);
    expect(inFlight.held()).toEqual([]);
    // A tenth of a response per call at most: with the Set, 400 to 420 bytes were promoted per call.
    expect(promotedByScavenges(statistics) / calls).toBeLessThan(85);
  });
});
