import type http from 'node:http';

/** The requests a main server is answering, so that its shutdown can let them finish. */
export interface InFlight {
  /** Counts a request in as it starts; returns its place, which {@link end} takes. */
  begin(res: http.ServerResponse): number;
  /** Counts out the request at `place` as it ends; once closing, its connection is not kept. */
  end(place: number): void;
  /** From now on, no connection is kept for another request. */
  close(): void;
  /** Resolves when no request is in flight, or after `ms` at the latest. */
  settled(ms: number): Promise<void>;
  /** The responses of the requests in flight now. */
  held(): http.ServerResponse[];
}

/**
 * Creates the count of a main server's requests in flight. The open responses are kept to answer
 * those still held when the drain grace ends (docs/operating.md), in an array of places that a
 * request takes at its start and gives back at its end: no Set, whose every rehash leaves the
 * replaced table pointing at the new one and at the responses it held. Once promoted, such a dead
 * table kept the responses of later calls alive through each young-generation collection until a
 * full one: on a NATS main server at 100 connections about every call's request and response
 * were promoted (docs/history/performance-log.md).
 */
export function createInFlight(): InFlight {
  const places: (http.ServerResponse | undefined)[] = [];
  // The places given back, reused before the array grows: it is as long as the most ever in flight.
  const free: number[] = [];
  let open = 0;
  let closing = false;
  let drained: (() => void) | undefined;
  return {
    begin(res) {
      const place = free.length > 0 ? (free.pop() as number) : places.length;
      places[place] = res;
      open++;
      return place;
    },
    end(place) {
      const res = places[place];
      if (res === undefined) return;
      // Once shutdown began, no connection is kept for another request.
      if (closing) res.shouldKeepAlive = false;
      places[place] = undefined;
      free.push(place);
      if (--open === 0) drained?.();
    },
    close() {
      closing = true;
    },
    async settled(ms) {
      if (open === 0) return;
      let fallback: NodeJS.Timeout | undefined;
      try {
        await new Promise<void>((resolve) => {
          drained = resolve;
          fallback = setTimeout(resolve, ms).unref();
        });
      } finally {
        // Left running, the fallback would outlive the shutdown by up to `ms`.
        clearTimeout(fallback);
        drained = undefined;
      }
    },
    held: () => places.filter((res): res is http.ServerResponse => res !== undefined),
  };
}
