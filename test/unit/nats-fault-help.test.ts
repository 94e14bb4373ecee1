import { Registry } from 'prom-client';
import { faultCounters } from '../../src/observability/nats-fault';

// The HELP of /metrics says what each count holds, as docs/operating.md and docs/faults.md do.
describe('the HELP of the NATS fault counters', () => {
  const help = async () => {
    const registry = new Registry();
    faultCounters([registry]);
    const text = await registry.metrics();
    return (name: string) => text.split('\n').find((line) => line.startsWith(`# HELP ${name} `));
  };

  it('counts the calls a replica answers as it leaves at the end of its drain grace', async () => {
    const of = await help();
    expect(of('portico_nats_cancels_total')).toMatch(/drain grace before they started/);
    expect(of('portico_nats_replica_lost_total')).toMatch(/left at the end of its drain grace/);
  });

  it('counts the retries after a replica without the method', async () => {
    expect((await help())('portico_nats_retries_total')).toMatch(/a replica without the method/);
  });
});
