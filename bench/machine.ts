import { spawnSync } from 'node:child_process';
import os from 'node:os';

/** The machine the figures come from, and the node version the servers run on. */
export function describeMachine(node: string) {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    node: nodeVersion(node),
    loadNode: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** The version of another node binary; refuses a path that is not one. */
function nodeVersion(node: string): string {
  const run = spawnSync(node, ['--version'], { encoding: 'utf8' });
  const version = run.stdout?.trim() ?? '';
  if (run.status !== 0 || !/^v\d+\./.test(version)) {
    throw new Error(`--node ${node} is not a node binary`);
  }
  return version;
}
