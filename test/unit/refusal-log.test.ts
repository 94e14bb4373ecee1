import pino from 'pino';
import { CodecError } from '../../src/protocol/codec-error';
import { refusalLog } from '../../src/replica/refusal-log';

// The frames a replica refuses are logged a few lines at a time (SECURITY.md, "The replica
// defends itself"): test/nats/carrier sees the first line of a flood, and this the count that
// follows it at the end of its window, and the window after it.
describe("the log of a replica's refused frames", () => {
  afterEach(() => jest.useRealTimers());

  it('writes the first of a window, then the count of the others at its end', () => {
    jest.useFakeTimers();
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'warn' }, { write: (line) => lines.push(JSON.parse(line)) });
    const log = refusalLog(logger, 1_000);
    const refuse = (why: string) => log(new CodecError('MALFORMED_FRAME', why));
    const seen = () =>
      lines.map(({ msg, code, reason, refused }) => ({ msg, code, reason, refused }));
    for (let i = 0; i < 5; i++) refuse(`frame ${i}`);
    expect(seen()).toEqual([
      { msg: 'a frame was refused', code: 'MALFORMED_FRAME', reason: 'frame 0' },
    ]);
    jest.advanceTimersByTime(1_000);
    expect(seen()[1]).toEqual({ msg: 'more frames were refused', refused: 4 });
    // The next window starts with a line of its own, and a window with one frame has no count.
    refuse('frame 5');
    jest.advanceTimersByTime(5_000);
    expect(seen().slice(2)).toEqual([
      { msg: 'a frame was refused', code: 'MALFORMED_FRAME', reason: 'frame 5' },
    ]);
    expect(lines.every((line) => !('stack' in line) && !('err' in line))).toBe(true);
  });
});
