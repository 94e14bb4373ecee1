import { freePort } from '../scripts/lib/nats-server';
import { runInBash } from './support/doc-blocks';
import { readDoc } from './support/docs';
import { checkNats } from './support/nats';

/** The first `sh` block of docs/operating.md. */
function operatingBlock(): string {
  const block = /```sh\n([\s\S]*?)```/.exec(readDoc('docs/operating.md'))?.[1];
  if (!block) throw new Error('docs/operating.md has no sh block');
  return block;
}

/** A span as the console exporter prints it, reduced to what the test checks. */
interface PrintedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly id: string;
  readonly parentId: string | undefined;
  readonly side: string | undefined;
}

/** Reads the spans that ConsoleSpanExporter printed (`console.dir` of each span's fields). */
function printedSpans(output: string): PrintedSpan[] {
  const spans: PrintedSpan[] = [];
  for (const block of output.split(/^\{$/m).slice(1)) {
    const field = (pattern: RegExp) => pattern.exec(block)?.[1];
    const name = field(/^ {2}name: '([^']*)'/m);
    const traceId = field(/^ {2}traceId: '([0-9a-f]{32})'/m);
    const id = field(/^ {2}id: '([0-9a-f]{16})'/m);
    if (!name || !traceId || !id) continue;
    const parentId = field(/^ {2}parentSpanContext: \{[^}]*?spanId: '([0-9a-f]{16})'/ms);
    const side = field(/'portico\.side': '([a-z-]+)'/);
    spans.push({ name, traceId, id, parentId, side });
  }
  return spans;
}

const natsIt = checkNats('the example of docs/operating.md') ? it : it.skip;

describe('docs/operating.md', () => {
  natsIt(
    'runs as pasted: health, metrics and a trace across a NATS replica printed by the console exporter',
    async () => {
      const [nats, main, admin] = [await freePort(), await freePort(), await freePort()];
      const block = operatingBlock();
      const script = block
        .replaceAll('4222', String(nats))
        .replaceAll('8082', String(main))
        .replaceAll('9464', String(admin));
      const run = await runInBash([{ block: script }], { PORT: String(main) }, 60_000);
      const output = `${run.stdout}${run.stderr}`;
      // What the block printed, where it stopped, is what tells a failure (or the 60 s kill) apart.
      if (run.code !== 0)
        throw new Error(`the block ended with ${run.code}; it printed:\n${output}`);
      const lines = block.split('\n');
      const expected = lines.flatMap((line, i) =>
        line.startsWith('curl ') && lines[i + 1]?.startsWith('# ')
          ? [(lines[i + 1] as string).slice(2)]
          : [],
      );
      expect(expected).toHaveLength(7);
      for (const answer of expected) expect(output).toContain(answer);
      const calls = printedSpans(output).filter((span) => span.name === 'multiplier/mulTwo');
      const entry = calls.find((span) => span.side === 'entry-point');
      const replica = calls.find((span) => span.side === 'replica');
      expect(entry).toBeDefined();
      expect(replica).toMatchObject({ traceId: entry?.traceId, parentId: entry?.id });
    },
    90_000,
  );
});

describe('the Prometheus scrape configuration of docs/operating.md', () => {
  it('scrapes /-/metrics of the main server and of the replica that the example starts', () => {
    const yaml = /```yaml\n([\s\S]*?)```/.exec(readDoc('docs/operating.md'))?.[1] ?? '';
    const block = operatingBlock();
    expect(yaml.match(/metrics_path: \/-\/metrics/g)).toHaveLength(2);
    for (const target of yaml.matchAll(/targets: \['localhost:(\d+)'\]/g)) {
      expect(block).toContain(`localhost:${target[1]}/-/metrics`);
    }
    expect([...yaml.matchAll(/targets:/g)]).toHaveLength(2);
  });
});
