import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import fc from 'fast-check';
import pino from 'pino';
import { batchedSink, createCallLog, createLogger, hundredthsText } from '../../src/server/logger';

/** The built logger (`npm test` builds first), as a process of its own loads it. */
const LOGGER_BUILT = path.join(__dirname, '..', '..', 'dist', 'src', 'server', 'logger.js');

/** A logger whose lines are kept, parsed. */
function collecting(level: 'info' | 'warn' = 'info') {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe('the call line', () => {
  it('is the line pino writes for the same fields, whatever the request id and path hold', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 100, max: 599 }),
        (requestId, parts, status) => {
          const { logger, lines } = collecting();
          const started = performance.now();
          createCallLog(logger)(requestId, parts, status, started);
          const ours = JSON.parse(lines[0] as string);
          logger.info({ requestId, target: parts.join('/'), status, ms: ours.ms }, 'call');
          const pinos = JSON.parse(lines[1] as string);
          expect(Object.keys(ours)).toEqual(Object.keys(pinos));
          expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
          expect(ours.ms).toBeGreaterThanOrEqual(0);
          expect(lines[0]?.endsWith('}\n')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the logger’s bindings', () => {
    const { logger, lines } = collecting();
    createCallLog(logger.child({ replica: 7 }))('r-1', ['calc', 'multiplier', 'mulTwo'], 200, 0);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ name: 'portico', replica: 7 });
  });

  it('goes through pino for a logger not built by createLogger: redaction and formatters apply', () => {
    const lines: string[] = [];
    const logger = pino(
      { redact: ['requestId'], formatters: { level: (label) => ({ level: label }) } },
      { write: (line: string) => lines.push(line) },
    );
    createCallLog(logger)('secret-id', ['calc', 'multiplier', 'mulTwo'], 200, performance.now());
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 'info',
      requestId: '[Redacted]',
      target: 'calc/multiplier/mulTwo',
      status: 200,
      msg: 'call',
    });
  });

  it('is not written while info is disabled, and follows a change of level', () => {
    const { logger, lines } = collecting('warn');
    const log = createCallLog(logger);
    log('r-1', ['calc'], 200, 0);
    expect(lines).toEqual([]);
    logger.level = 'info';
    log('r-2', ['calc'], 200, 0);
    expect(lines).toHaveLength(1);
  });
});

describe('a batched log sink', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the lines of one turn of the event loop together, in order, when the turn ends', async () => {
    const file = path.join(dir, 'log');
    const fd = openSync(file, 'w');
    try {
      const sink = batchedSink(fd);
      sink.write('one\n');
      sink.write('zwei – ünïcode ✓\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      await nextTurn();
      expect(readFileSync(file, 'utf8')).toBe('one\nzwei – ünïcode ✓\n');
      sink.write('three\n');
      sink.flush();
      expect(readFileSync(file, 'utf8')).toBe('one\nzwei – ünïcode ✓\nthree\n');
    } finally {
      closeSync(fd);
    }
  });

  it('writes lines larger than its buffer whole, and in their place', async () => {
    const file = path.join(dir, 'log');
    const fd = openSync(file, 'w');
    try {
      const sink = batchedSink(fd);
      const lines = ['a\n', `${'é'.repeat(40_000)}\n`, 'b\n', `${'x'.repeat(100_000)}\n`, 'c\n'];
      for (const line of lines) sink.write(line);
      await nextTurn();
      expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    } finally {
      closeSync(fd);
    }
  });

  it('loses the lines, not the process, when its destination is gone, and says so once', async () => {
    // The child's standard output is a pipe whose reading end the parent closes before the child
    // writes: every write fails with EPIPE.
    const script = `
      const { batchedSink } = require(${JSON.stringify(LOGGER_BUILT)});
      const sink = batchedSink(1);
      process.stdin.once('data', () => {
        for (let i = 0; i < 3; i++) { sink.write('lost\\n'); sink.flush(); }
        sink.write('x'.repeat(100000) + '\\n');
        setImmediate(() => process.exit(0));
      });
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.stdout.destroy();
    child.stdin.write('go\n');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(errors).toBe('portico: log lines are dropped from now on: EPIPE\n');
  });

  it('loses no line to a full pipe or to exit, even when the reader is slow', async () => {
    // The child makes its standard output non-blocking (as a socket would be), writes more than
    // the pipe holds, and exits at once; the parent starts reading only later.
    const script = `
      new (require('node:net').Socket)({ fd: 1, readable: false });
      const { createLogger } = require(${JSON.stringify(LOGGER_BUILT)});
      const logger = createLogger('info');
      for (let i = 0; i < 20000; i++) logger.info({ i, pad: 'x'.repeat(200) }, 'line');
      process.exit(0);
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk;
    });
    child.stdout.pause();
    await delay(300);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stdout.resume();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(errors).toBe('');
    expect(code).toBe(0);
    const numbers = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).i);
    expect(numbers).toEqual(Array.from({ length: 20000 }, (_, i) => i));
  });
});

describe('the duration of the call line', () => {
  it('reads as String(hundredths / 100), the text pino would write', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 100_000 })),
        (hundredths) => {
          expect(hundredthsText(hundredths)).toBe(String(hundredths / 100));
        },
      ),
      { numRuns: 20_000 },
    );
    for (const h of [0, 1, 5, 10, 50, 99, 100, 101, 110, 1234, -3, 2 ** 31, 1.5]) {
      expect(hundredthsText(h)).toBe(String(h / 100));
    }
  });
});
