import { type DriverPlacement, driveRow } from './drive';
import { residentBytes } from './processes';
import { type RowSpec } from './rows';
import { SERVERS } from './server-specs';
import { type ServerPlacement, startServer } from './servers';

/** What the memory check sends: a warm-up, then the measured requests, both over `rows`. */
export interface MemoryPlan {
  readonly rows: readonly RowSpec[];
  readonly warmupRequests: number;
  readonly requests: number;
  readonly server: ServerPlacement;
  readonly driver: DriverPlacement;
}

/** RSS of a fresh main server after a warm-up, and after `requests` more requests. */
export interface MemoryReport {
  readonly warmupRequests: number;
  readonly requests: number;
  readonly rssAfterWarmupMb: number;
  readonly rssAfterMb: number;
  readonly growthMb: number;
  /** RSS after every batch, warm-up included: a leak keeps rising, heap sizing levels off. */
  readonly samples: readonly { readonly requests: number; readonly rssMb: number }[];
  /** The bound: growth within 20 MB. */
  readonly met: boolean;
}

const MB = 1024 * 1024;
const BATCH = 20000;

/**
 * Starts a fresh main server (log level info) and sends it the warm-up, then the measured
 * requests, in batches of 20 000 spread evenly over the rows at 100 connections, reading its RSS
 * after every batch. V8 grows its heap for the first hundred thousand or so requests at 100
 * connections before it levels off, hence a warm-up of that size by default.
 */
export async function measureMemory(plan: MemoryPlan): Promise<MemoryReport> {
  const spec = SERVERS.find((s) => s.id === 'portico');
  if (!spec) throw new Error('no portico server');
  const server = await startServer(spec, plan.server);
  const samples: { requests: number; rssMb: number }[] = [];
  let sent = 0;
  const send = async (total: number) => {
    for (let done = 0; done < total; done += BATCH) {
      const amount = Math.ceil(Math.min(BATCH, total - done) / plan.rows.length);
      for (const row of plan.rows) {
        const load = { row, port: server.port, connections: 100, warmupSeconds: 0 };
        await driveRow({ ...load, durationSeconds: 0, amount }, plan.driver);
        sent += amount;
      }
      samples.push({ requests: sent, rssMb: residentBytes(server.pid) / MB });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return residentBytes(server.pid) / MB;
  };
  try {
    const rssAfterWarmupMb = await send(plan.warmupRequests);
    const rssAfterMb = await send(plan.requests);
    const growthMb = rssAfterMb - rssAfterWarmupMb;
    const { warmupRequests, requests } = plan;
    const figures = { warmupRequests, requests, rssAfterWarmupMb, rssAfterMb, growthMb };
    return { ...figures, samples, met: growthMb <= 20 };
  } finally {
    await server.stop();
  }
}

/** The memory line of the report, with whether the bound was met. */
export function formatMemory(memory: MemoryReport): string {
  const sign = memory.growthMb >= 0 ? '+' : '';
  return (
    `Memory: RSS ${memory.rssAfterWarmupMb.toFixed(1)} MB after ${memory.warmupRequests} ` +
    `warm-up requests, ${memory.rssAfterMb.toFixed(1)} MB after ${memory.requests} more: ` +
    `${sign}${memory.growthMb.toFixed(1)} MB (bound +20 MB: ${memory.met ? 'met' : 'NOT met'})`
  );
}
