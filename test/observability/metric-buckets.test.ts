import { createCallMetrics } from '../../src/observability/call-metrics';

const names = { microservice: 'calc', service: 'multiplier', method: 'mulTwo' };

/** The `le` bounds of the duration histogram and the count under each, from a scrape's text. */
function durationBuckets(text: string): Map<string, number> {
  const series = /^portico_call_duration_seconds_bucket\{[^}]*le="([^"]+)"\} (\d+)$/gm;
  return new Map([...text.matchAll(series)].map(([, le, count]) => [le as string, Number(count)]));
}

describe('the call duration histogram', () => {
  it('has buckets up to a minute, so that calls that run until their 30 s timeout are told apart', async () => {
    const metrics = createCallMetrics();
    for (const seconds of [0.0003, 3, 7, 20, 31, 90]) {
      metrics.began('calc');
      metrics.ended({ names, status: 200, code: 'OK', seconds, requestBytes: 1, responseBytes: 1 });
    }
    const buckets = durationBuckets(await metrics.text());
    expect([...buckets.keys()]).toEqual([
      ...['0.0005', '0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5'],
      ...['1', '2.5', '5', '10', '30', '60', '+Inf'],
    ]);
    expect(buckets.get('2.5')).toBe(1);
    expect(buckets.get('5')).toBe(2);
    expect(buckets.get('10')).toBe(3);
    expect(buckets.get('30')).toBe(4);
    expect(buckets.get('60')).toBe(5);
    expect(buckets.get('+Inf')).toBe(6);
  });
});
