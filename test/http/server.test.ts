import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { calc, probe } from '../fixtures/services';
import { SlowService, slowApp } from '../hardening/support/services';
import { startTestServer } from '../support/harness';
import { json, send } from '../support/http';
import { waitFor } from '../support/wait';

const ROOT = path.join(__dirname, '..', '..');

describe('the call log', () => {
  it('writes one structured line per call: request id, target, status, duration', async () => {
    const server = await startTestServer({ microservices: [calc] });
    try {
      await send(server.url, '/calc/multiplier/mulTwo', {
        headers: json({ 'X-SVC-Request-ID': 'log-1' }),
        body: '{"a":2,"b":3}',
      });
      await send(server.url, '/calc/multiplier/nope', {
        headers: json({ 'X-SVC-Request-ID': 'log-2' }),
        body: '{}',
      });
      const calls = server.logs.filter((line) => line.msg === 'call');
      expect(calls).toEqual([
        expect.objectContaining({
          requestId: 'log-1',
          target: 'calc/multiplier/mulTwo',
          status: 200,
          ms: expect.any(Number),
          level: 30,
        }),
        expect.objectContaining({
          requestId: 'log-2',
          target: 'calc/multiplier/nope',
          status: 404,
        }),
      ]);
      expect(server.logs).toContainEqual(
        expect.objectContaining({
          msg: 'microservice ready',
          microservice: 'calc',
          placement: expect.any(String),
        }),
      );
    } finally {
      await server.close();
    }
  });

  it('writes no call lines above the info level', async () => {
    const server = await startTestServer({ microservices: [calc], logLevel: 'warn' });
    try {
      await send(server.url, '/calc/multiplier/mulTwo', { headers: json(), body: '{"a":2,"b":3}' });
      expect(server.logs).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets calls in flight finish, then stops taking connections', async () => {
    const slow = new SlowService();
    const server = await startTestServer({ microservices: [probe, slowApp('slow', 4, slow)] });
    const inFlight = send(server.url, '/slow/slow/sleep', { headers: json(), body: '300' });
    await waitFor(() => slow.started === 1, { what: 'the call' });
    const closed = server.close();
    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, text: '300' });
    await closed;
    await expect(
      send(server.url, '/probe/probe/echo', { headers: json(), body: '"x"' }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('portico start', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  function start(
    config: string,
    env: Record<string, string>,
  ): Promise<{ port: number; output: () => string }> {
    if (!existsSync(path.join(ROOT, 'dist', 'src', 'cli', 'portico.js'))) {
      throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
    }
    child = spawn(process.execPath, [path.join(ROOT, 'bin', 'portico.js'), 'start', config], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const running = child;
    return new Promise((resolve, reject) => {
      running.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      running.stdout?.on('data', (chunk) => {
        output += chunk;
        const match = /"port":(\d+),"msg":"main server listening"/.exec(output);
        if (match) resolve({ port: Number(match[1]), output: () => output });
      });
      running.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
  }

  it('serves the examples on the PORT it is given', async () => {
    const { port } = await start('dist/examples/main.js', { PORT: '0' });
    const answer = await send(`http://127.0.0.1:${port}`, '/calc/calculator/add', {
      headers: json(),
      body: '{"a":7,"b":2}',
    });
    expect(answer).toMatchObject({ status: 200, text: '{"result":9}' });
  });

  it('on SIGTERM answers the calls in flight, refuses new connections and exits 0', async () => {
    const { port, output } = await start('test/fixtures/cli/slow.config.js', { PORT: '0' });
    const url = `http://127.0.0.1:${port}`;
    const calls = [400, 600, 800].map((ms) =>
      send(url, '/slow/slow/sleep', { headers: json(), body: String(ms) }),
    );
    const started = () => output().match(/sleep started/g)?.length ?? 0;
    await waitFor(() => started() === 3, { what: 'three calls' });
    const running = child as ChildProcess;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await waitFor(() => output().includes('"msg":"shutting down'), { what: 'the shutdown' });
    await expect(send(url, '/slow/slow/sleep', { headers: json(), body: '1' })).rejects.toThrow(
      /ECONNREFUSED|ECONNRESET/,
    );
    const answers = await Promise.all(calls);
    expect(answers.map((a) => [a.status, a.text])).toEqual([
      [200, '400'],
      [200, '600'],
      [200, '800'],
    ]);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output()).toContain('shutting down');
  });

  it('refuses a PORT that is not a port number', async () => {
    await expect(start('dist/examples/main.js', { PORT: 'eighty' })).rejects.toThrow(
      /exited with 2/,
    );
  });
});
