import { writeSync } from 'node:fs';

/** Where log lines go: anything with a `write(line)`, as pino takes it. */
export interface LogSink {
  write(line: string): unknown;
}

/** A log sink whose pending lines can be written at once. */
export interface FlushedSink extends LogSink {
  flush(): void;
}

/** Bytes gathered before they are written even within one turn of the event loop. */
const BATCH_BYTES = 64 * 1024;

/**
 * A file descriptor written once per turn of the event loop. A busy server logs a line per call;
 * writing each on its own is a system call per call. Here each line is encoded once into a
 * buffer, and the buffer is written synchronously when the turn ends (or when it is full), so a
 * line waits at most for the calls served beside it. A full pipe is waited for; a write error
 * other than EAGAIN is said once on standard error, and the lines after it are dropped.
 *
 * pino's synchronous destination (sonic-boom, `minLength`, a flush per turn) does the same, but
 * costs about 0.4 µs more per line, and waits 100 ms at a time for a full pipe: see
 * docs/performance.md.
 */
export function batchedSink(fd: number): FlushedSink {
  const buffer = Buffer.allocUnsafe(BATCH_BYTES);
  const output = createOutput(fd);
  let used = 0;
  let scheduled = false;
  const drain = () => {
    const end = used;
    used = 0;
    if (end > 0) output(buffer, end);
  };
  const flush = () => {
    scheduled = false;
    drain();
  };
  return {
    write(line: string) {
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      // UTF-8 takes at most 3 bytes per UTF-16 unit: a line that may not fit goes after a drain,
      // and one larger than the whole buffer goes on its own.
      const most = line.length * 3;
      if (used + most > BATCH_BYTES) {
        drain();
        if (most > BATCH_BYTES) {
          const bytes = Buffer.from(line, 'utf8');
          output(bytes, bytes.length);
          return;
        }
      }
      used += buffer.write(line, used, 'utf8');
    },
    flush,
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes the first `length` bytes of a buffer to `fd`. A pipe that is full (EAGAIN) is waited for,
 * a millisecond at a time; after any other error the destination is given up, once and aloud.
 */
function createOutput(fd: number): (bytes: Buffer, length: number) => void {
  let failed = false;
  return (bytes, length) => {
    let offset = 0;
    while (offset < length && !failed) {
      try {
        offset += writeSync(fd, bytes, offset, length - offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') Atomics.wait(pause, 0, 0, 1);
        else {
          failed = true;
          process.stderr.write(`portico: log lines are dropped from now on: ${code ?? error}\n`);
        }
      }
    }
  };
}
