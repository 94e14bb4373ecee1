import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ReadmeProject } from './readme-project';

const { devDependencies } = require('../../package.json') as {
  devDependencies: Record<string, string>;
};

/** The TypeScript majors an adopter may install: 7 (what `npm install typescript` gives) and 6. */
export const TYPESCRIPTS = [
  ['7', '7.0.2'],
  ['6', devDependencies.typescript as string],
] as const;

/** The environment of a child: the test's, without what `npm test` set for this repository. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$|PORT$)/i.test(name)),
  );
  return { ...env, ...extra };
}

/** Runs a command to its end in `cwd`. */
export function spawnIn(cwd: string, command: string, args: readonly string[]) {
  return spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 240_000 });
}

/** Runs a command to its end in `cwd`; throws with its output when it fails. */
export function run(cwd: string, command: string, args: readonly string[]) {
  const result = spawnIn(cwd, command, args);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

/** `npm install` from the local cache where it can, as quietly as it goes. */
export function npmInstall(cwd: string, args: readonly string[]): void {
  run(cwd, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...args]);
}

/** Writes the README's files into `dir`; package.json's scripts join those npm init wrote. */
export function writeReadmeFiles(dir: string, project: ReadmeProject): void {
  for (const [name, text] of project.files) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    if (name !== 'package.json') {
      writeFileSync(file, text);
      continue;
    }
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...manifest, ...JSON.parse(text) }, null, 2));
  }
}

/** A running command whose output is read for the ports its server listens on. */
export interface Running {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the port of the `count`-th "main server listening" line. */
  listening(count?: number): Promise<number>;
  /** Sends SIGTERM to the command and resolves with its exit code. */
  stop(): Promise<number | null>;
  /** Kills the command and everything it started. */
  kill(): void;
}

/** Starts a command in a process group of its own, so that its children can be stopped too. */
export function startCommand(cwd: string, command: string, args: readonly string[]): Running {
  const child = spawn(command, args, { cwd, env: cleanEnv(), detached: true });
  let output = '';
  const waiting: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const check of waiting.splice(0)) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ports = () => [...output.matchAll(/"port":(\d+),"msg":"main server listening"/g)];
  return {
    child,
    output: () => output,
    listening: (count = 1) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const found = ports();
          if (found.length >= count) resolve(Number(found[count - 1]?.[1]));
          else waiting.push(check);
        };
        exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
        check();
      }),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}
