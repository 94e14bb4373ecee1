import { type DriverPlacement, driveRow } from './drive';
import { residentBytes } from './processes';
import { type RowSpec, SERVERS } from './rows';
import { type ServerPlacement, startServer } from './servers';

/** RSS of a fresh main server after a warm-up, and after `requests` more requests. */
export interface MemoryReport {
  readonly warmupRequests: number;
  readonly requests: number;
  readonly rssAfterWarmupMb: number;
  readonly rssAfterMb: number;
  readonly growthMb: number;
  /** The bound: growth within 20 MB. */
  readonly met: boolean;
}

const MB = 1024 * 1024;

/**
 * Starts a fresh main server (log level info), warms it up with a tenth of `requests` spread
 * over `rows`, reads its RSS, sends `requests` more spread the same way, and reads it again.
 */
export async function measureMemory(
  rows: readonly RowSpec[],
  requests: number,
  placement: { server: ServerPlacement; driver: DriverPlacement },
): Promise<MemoryReport> {
  const spec = SERVERS.find((s) => s.id === 'portico');
  if (!spec) throw new Error('no portico server');
  const server = await startServer(spec, placement.server);
  try {
    const send = async (total: number) => {
      for (const row of rows) {
        const load = { row, port: server.port, connections: 100, warmupSeconds: 0 };
        const amount = Math.ceil(total / rows.length);
        await driveRow({ ...load, durationSeconds: 0, amount }, placement.driver);
      }
    };
    const warmupRequests = Math.ceil(requests / 10);
    await send(warmupRequests);
    await settle();
    const before = residentBytes(server.pid);
    await send(requests);
    await settle();
    const after = residentBytes(server.pid);
    const growthMb = (after - before) / MB;
    return {
      warmupRequests,
      requests,
      rssAfterWarmupMb: before / MB,
      rssAfterMb: after / MB,
      growthMb,
      met: growthMb <= 20,
    };
  } finally {
    await server.stop();
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}
