import { parseBenchOptions } from '../../bench/options';
import { serverNode } from '../../bench/server-node';

describe('npm run bench options', () => {
  it('take the defaults, then the environment, then the command line', () => {
    const defaults = parseBenchOptions([], {});
    expect(defaults).toMatchObject({ rounds: 5, connections: [10, 100], fresh: false });
    expect(parseBenchOptions([], { BENCH_ROUNDS: '3' }).rounds).toBe(3);
    expect(parseBenchOptions(['--rounds', '2'], { BENCH_ROUNDS: '3' }).rounds).toBe(2);
    expect(parseBenchOptions(['--fresh', '--against', '../other'], {})).toMatchObject({
      fresh: true,
      against: '../other',
    });
  });

  it('refuse a figure that is not a number of at least 0, and an option they do not know', () => {
    expect(() => parseBenchOptions(['--rounds=-1'], {})).toThrow('--rounds must be a number ≥ 0');
    expect(() => parseBenchOptions(['--duration', 'ten'], {})).toThrow(
      '--duration must be a number ≥ 0',
    );
    expect(() => parseBenchOptions(['--frsh'], {})).toThrow(/--frsh/);
  });
});

describe('serverNode', () => {
  it("takes --node current as the bench's own node, and a path as given", () => {
    expect(serverNode('current', '/nowhere')).toBe(process.execPath);
    expect(serverNode('/opt/node/bin/node', '/nowhere')).toBe('/opt/node/bin/node');
  });
});
