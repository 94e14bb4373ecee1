import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/lib/nats-server';
import { projectRoot } from '../../scripts/lib/replica-process';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { calcModule } from './fixture-modules';

const describeNats = checkNats('the scale-out example test is skipped') ? describe : describe.skip;

/** `npm run example:scale-out` after its build: the secured set-up of docs/scaling-out.md, as it runs. */
describeNats('examples/scale-out.sh', () => {
  let script: ChildProcess | undefined;
  // Should the test time out, the script still stops what it started.
  afterAll(() => {
    if (script?.exitCode === null) script.kill('SIGINT');
  });

  it('serves calc and relay through TLS and NATS users, and cleans up on Ctrl-C', async () => {
    calcModule();
    const [natsPort, port] = [await freePort(), await freePort()];
    script = spawn('bash', [path.join(projectRoot(), 'examples/scale-out.sh')], {
      env: { ...process.env, NATS_PORT: String(natsPort), PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let check = () => {};
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      check();
    };
    const child = script;
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Up once the three replicas and the main server said so.
    const ready = new Promise<void>((resolve) => {
      check = () => {
        const replicas = (output.match(/"replica ready"/g) ?? []).length;
        if (replicas === 3 && output.includes('"main server listening"')) resolve();
      };
    });
    try {
      await Promise.race([ready, exited.then(() => Promise.reject(new Error(output)))]);
      const body = '{"a":2,"b":3}';
      const answer = await send(`http://127.0.0.1:${port}`, '/calc/calculator/add', {
        headers: json(),
        body,
      });
      expect(answer.text).toBe('{"result":5}');
      const relayed = await send(`http://127.0.0.1:${port}`, '/relay/relay/square', {
        headers: json(),
        body: '7',
      });
      expect(relayed.text).toBe('49');
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    const certs = /CA (\S+)\/ca\.pem/.exec(output)?.[1];
    expect(certs).toBeDefined();
    expect(existsSync(certs as string)).toBe(false);
  });
});
