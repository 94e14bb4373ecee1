import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { attribute, type CpuProfile, type ProfileNode } from '../../bench/phase-attribution';
import { type FrameRule, PHASE_RULES, PHASES, type Phase } from '../../bench/phase-rules';
import { phaseTable } from '../../bench/phase-table';

/** A frame as `node --cpu-prof` writes it: `file:` URLs for scripts, `node:` for Node's own. */
type Frame = readonly [functionName: string, url: string];
const APP = 'file:///app/dist';
const NATIVE = (name: string): Frame => [name, ''];

/** Stacks from the outermost frame in, and the phase each one's sample must go to. */
const CASES: readonly [Phase, readonly Frame[]][] = [
  ['parse', [['parserOnHeadersComplete', 'node:_http_common'], NATIVE('latin1Slice')]],
  [
    'parse',
    [
      ['parserOnIncoming', 'node:_http_server'],
      ['Readable', 'node:internal/streams/readable'],
    ],
  ],
  ['parse', [['onRequest', `${APP}/src/server/http-server.js`]]],
  [
    'parse',
    [
      ['ServerResponse', 'node:_http_server'],
      ['OutgoingMessage', 'node:_http_outgoing'],
    ],
  ],
  ['negotiate', [['negotiate', `${APP}/src/entry-point/negotiation.js`]]],
  [
    'headers',
    [
      ['newRequestId', `${APP}/src/entry-point/new-request-id.js`],
      ['randomFillSync', 'node:internal/crypto/random'],
    ],
  ],
  ['headers', [['corsHeaders', `${APP}/src/http/cors.js`]]],
  ['context', [['run', 'node:internal/async_local_storage/async_context_frame']]],
  ['context', [['promiseInitHook', 'node:internal/async_hooks']]],
  [
    'bind',
    [
      ['readBodyText', `${APP}/src/entry-point/body.js`],
      ['Readable.read', 'node:internal/streams/readable'],
    ],
  ],
  ['bind', [['bindJson', `${APP}/src/serialization/json-bind.js`]]],
  ['check', [['checkResult', `${APP}/src/runtime/result-check.js`]]],
  [
    'invoke',
    [
      ['handleEntryPoint', `${APP}/src/entry-point/entry-point.js`],
      ['mulTwo', `${APP}/examples/calc/multiplier.js`],
    ],
  ],
  ['invoke', [['plainPath', `${APP}/src/server/direct-context.js`]]],
  ['write', [['writeJson', `${APP}/src/serialization/json-writer.js`]]],
  ['write', [['writeResult', `${APP}/src/serialization/json.js`]]],
  [
    'write',
    [
      ['answerDirect', `${APP}/src/server/direct-context.js`],
      ['writeGeneric', 'node:internal/stream_base_commons'],
      NATIVE('writeUtf8String'),
    ],
  ],
  [
    'write',
    [
      ['setHeader', 'node:_http_outgoing'],
      ['checkIsHttpToken', 'node:_http_common'],
    ],
  ],
  [
    'write',
    [
      ['parserOnIncoming', 'node:_http_server'],
      ['writeHead', 'node:_http_server'],
    ],
  ],
  [
    'log',
    [['info', `${APP}/src/server/logger.js`], ['writeSync', 'node:fs'], NATIVE('writeString')],
  ],
  ['observe', [['record', `${APP}/src/observability/call-metrics.js`]]],
  ['gc', [['(garbage collector)', '']]],
  ['other', [['(program)', '']]],
  [
    'other',
    [['processTicksAndRejections', 'node:internal/process/task_queues'], NATIVE('runMicrotasks')],
  ],
];

/** A profile with one sample on each stack, 100 µs apart, from t = 1 000 000 µs. */
function profileOf(stacks: readonly (readonly Frame[])[]): CpuProfile {
  const nodes: (ProfileNode & { children: number[] })[] = [rootNode()];
  const samples = stacks.map((stack) => {
    let parent = nodes[0] as ProfileNode & { children: number[] };
    for (const [functionName, url] of stack) {
      const id = nodes.length + 1;
      const callFrame = { functionName, scriptId: '0', url, lineNumber: 0, columnNumber: 0 };
      const node = { id, callFrame, hitCount: 0, children: [] };
      parent.children.push(id);
      nodes.push(node);
      parent = node;
    }
    return parent.id;
  });
  const timeDeltas = samples.map(() => 100);
  const startTime = 1_000_000;
  return { nodes, startTime, endTime: startTime + 100 * samples.length, samples, timeDeltas };
}

function rootNode() {
  const callFrame = {
    functionName: '(root)',
    scriptId: '0',
    url: '',
    lineNumber: -1,
    columnNumber: -1,
  };
  return { id: 1, callFrame, hitCount: 0, children: [] as number[] };
}

const only = (phase: Phase, attribution: ReturnType<typeof attribute>) =>
  Object.entries(attribution.samples).filter(([p, n]) => n > 0 && p !== phase);

describe('the phases of npm run bench:phases', () => {
  it.each(
    CASES.map(([phase, stack]) => [phase, stack.map(([f]) => f).join(' > '), stack] as const),
  )('give a sample to %s: %s', (phase, _name, stack) => {
    const attribution = attribute(profileOf([stack]));
    expect(attribution.samples[phase]).toBe(1);
    expect(only(phase, attribution)).toEqual([]);
  });

  it('name only files and folders that the repository has, so that a rename cannot leave one behind', () => {
    const root = path.resolve(__dirname, '../..');
    const ours = Object.values(PHASE_RULES)
      .flat()
      .map((rule: FrameRule) => rule.file)
      .filter((file) => !file.startsWith('node:'));
    const source = (file: string) => path.join(root, file.replace(/\.js$/, '.ts'));
    expect(ours.length).toBeGreaterThan(20);
    expect(ours.filter((file) => !existsSync(source(file)))).toEqual([]);
  });

  it('have a case for every phase', () => {
    const covered = new Set(CASES.map(([phase]) => phase));
    expect(Object.keys(PHASES).filter((phase) => !covered.has(phase as Phase))).toEqual([]);
  });

  it('count only the window, and leave idle samples out', () => {
    const idle: Frame[] = [['(idle)', '']];
    const stacks = [
      idle,
      [['(program)', '']] as Frame[],
      idle,
      [['(garbage collector)', '']] as Frame[],
    ];
    // Samples at 1 000 100, 1 000 200, 1 000 300 and 1 000 400 µs.
    const attribution = attribute(profileOf(stacks), 1_000_250, 1_000_400);
    expect(attribution.busy).toBe(1);
    expect(attribution.samples.gc).toBe(1);
    expect(attribution.samples.other).toBe(0);
    expect(attribution.busyUs).toBe(100);
  });

  it('give every busy sample to exactly one phase, and a native leaf its caller’s phase', () => {
    const stacks = fc.array(fc.constantFrom(...CASES), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(stacks, fc.boolean(), (picked, leaf) => {
        // V8's own entries ((garbage collector), (program)) are always leaves of the root.
        const pseudo = (stack: readonly Frame[]) => stack.at(-1)?.[0].startsWith('(');
        const withLeaf = picked.map(([, stack]) =>
          leaf && !pseudo(stack) ? [...stack, NATIVE('memcpy')] : stack,
        );
        const { samples, busy } = attribute(profileOf(withLeaf));
        expect(busy).toBe(picked.length);
        for (const phase of Object.keys(PHASES) as Phase[]) {
          expect([phase, samples[phase]]).toEqual([
            phase,
            picked.filter(([p]) => p === phase).length,
          ]);
        }
      }),
    );
  });

  it('print µs per call as the share of busy samples times the CPU per call, and name other', () => {
    const [parse, other] = [CASES[0]?.[1] ?? [], CASES.at(-1)?.[1] ?? []];
    const stacks = [parse, parse, parse, other];
    const table = phaseTable({ attribution: attribute(profileOf(stacks)), cpuUsPerCall: 40 });
    expect(table).toContain(`| ${PHASES.parse} | 3 | 75.0% | 30.00 |`);
    expect(table).toContain(`| ${PHASES.other} | 1 | 25.0% | 10.00 |`);
    expect(table).toContain('| **total** | 4 | 100.0% | 40.00 |');
    expect(table).toContain(
      '- of other, the largest by innermost function: `runMicrotasks` 25.0%.',
    );
  });
});
