import pino from 'pino';

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
 * A file descriptor written through pino's synchronous destination (sonic-boom), once per turn of
 * the event loop. A busy server logs a line per call; writing each on its own is a system call per
 * call. Here the lines of one turn are gathered and written when the turn ends (or when 64 KiB are
 * pending), so a line waits at most for the calls served beside it; a full pipe is waited for.
 *
 * The destination holds bytes (`contentMode: 'buffer'`): in its text mode every write measures the
 * whole pending chunk again, which grows with the lines of a turn. The turn's write is sonic-boom's
 * `flush()`, which in synchronous mode writes what is pending at once; its `flushSync()` would also
 * `fsync` the descriptor, a disk flush per turn when standard output is a file. A write error
 * other than EAGAIN is reported once on standard error, and the lines after it are dropped rather
 * than kept in memory.
 */
export function batchedSink(fd: number): FlushedSink {
  const destination = pino.destination({
    dest: fd,
    sync: true,
    minLength: BATCH_BYTES,
    maxWrite: 4 * BATCH_BYTES,
    contentMode: 'buffer',
  });
  let scheduled = false;
  let failed = false;
  const fail = (error: NodeJS.ErrnoException) => {
    if (failed) return;
    failed = true;
    process.stderr.write(`portico: log lines are dropped from now on: ${error.code ?? error}\n`);
  };
  destination.on('error', fail);
  const flush = () => {
    scheduled = false;
    if (failed) return;
    try {
      destination.flush();
    } catch (error) {
      fail(error as NodeJS.ErrnoException);
    }
  };
  return {
    write(line: string) {
      if (failed) return;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      // In buffer mode sonic-boom's write takes bytes, though its types say string.
      destination.write(Buffer.from(line, 'utf8') as unknown as string);
    },
    flush,
  };
}
