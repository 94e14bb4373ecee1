import { type LoadResult } from '../../bench/load';
import { type TableLine } from '../../bench/report';
import { carrierCeiling, checkTargets, formatTargets, koaRouteTarget } from '../../bench/targets';

function line(row: string, connections: number, vsKoaRoute = 1): TableLine {
  const base = { rps: 1000, p50Ms: 1, p99Ms: 2, cpuUs: 30, vsNodeHttp: 0.7, rounds: 1 };
  return { row, label: row, connections, vsKoaRoute, ...base };
}

function runs(rps: number): LoadResult[] {
  return [{ rps } as LoadResult];
}

describe('checkTargets', () => {
  const lines = [10, 100].flatMap((c) => [
    line('koa-route', c),
    line('roa-json', c, 0.9),
    line('roa-liba-xml', c),
    line('nats-1', c),
  ]);
  const perRow = new Map([
    ['roa-json', 1000],
    ['roa-liba-xml', 940],
    ['nats-1', 650],
  ]);
  const results = new Map(
    [...perRow].map(([id, rps]) => [id, new Map([10, 100].map((c) => [c, runs(rps)]))]),
  );
  const find = (checks: ReturnType<typeof checkTargets>, target: string, c: number) =>
    checks.find((check) => check.target === target && check.connections === c);

  it('asks 0.95× the Koa route on Node 24 and later, and 0.8× before', () => {
    expect([20, 22, 24, 26].map(koaRouteTarget)).toEqual([0.8, 0.8, 0.95, 0.95]);
    expect(find(checkTargets(lines, results, 24), 'ROA JSON ÷ Koa route', 10)?.met).toBe(false);
    expect(find(checkTargets(lines, results, 20), 'ROA JSON ÷ Koa route', 10)?.met).toBe(true);
  });

  it('holds libA XML within 5% of ROA JSON', () => {
    const xml = find(checkTargets(lines, results, 24), 'roa-liba-xml ÷ ROA JSON', 100);
    expect(xml).toMatchObject({ limit: 0.95, met: false });
    expect(xml?.value).toBeCloseTo(0.94);
  });

  it('checks NATS with one replica at 10 connections only', () => {
    const checks = checkTargets(lines, results, 24);
    expect(find(checks, 'nats-1 ÷ ROA JSON', 10)).toMatchObject({ limit: 0.6, met: true });
    expect(find(checks, 'nats-1 ÷ ROA JSON', 100)).toBeUndefined();
  });

  it('shows the carrier ceiling beside the NATS target, where its rows ran, as no target', () => {
    // At 100 connections too: a baseline's p99 is no target either.
    const withEcho = [...lines, line('nats-echo', 10), line('nats-echo', 100)];
    const echo = new Map([10, 100].map((c) => [c, runs(800)]));
    const all = new Map([...results, ['nats-echo', echo]]);
    const checks = checkTargets(withEcho, all, 24);
    expect(checks).toEqual(checkTargets(lines, results, 24));
    const ceiling = carrierCeiling(withEcho, all);
    expect(ceiling.map(({ target, connections }) => [target, connections])).toEqual([
      ['NATS echo ÷ ROA JSON', 10],
      ['NATS, 1 replica ÷ NATS echo', 10],
      ['NATS echo ÷ ROA JSON', 100],
      ['NATS, 1 replica ÷ NATS echo', 100],
    ]);
    expect(ceiling.map((c) => c.value)).toEqual([0.8, 650 / 800, 0.8, 650 / 800]);
    expect(formatTargets(checks, ceiling)).toContain(
      '| NATS echo ÷ ROA JSON (ceiling) | 10 | 0.80 | – | no target |',
    );
    expect(carrierCeiling(lines, results)).toEqual([]);
  });
});
