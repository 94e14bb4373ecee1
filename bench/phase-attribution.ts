import { type CodePhase, type FrameRule, PHASE_RULES, type Phase } from './phase-rules';

/** A node of a V8 `.cpuprofile`: a function on a stack, and the nodes it called. */
export interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}

/** A V8 CPU profile as `node --cpu-prof` writes it; times in µs of the monotonic clock. */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The samples of each phase, and each phase's samples by the innermost function's name. */
export interface Attribution {
  readonly samples: Readonly<Record<Phase, number>>;
  readonly innermost: Readonly<Record<Phase, ReadonlyMap<string, number>>>;
  /** Samples in the window, the idle ones left out. */
  readonly busy: number;
  /** The time those samples span, in µs: each sample's interval since the one before. */
  readonly busyUs: number;
}

const RULES = Object.entries(PHASE_RULES).flatMap(([phase, rules]) =>
  (rules as readonly FrameRule[]).map((rule) => ({ ...rule, phase: phase as CodePhase })),
);

/**
 * The phase whose rule names this frame: a rule that names its function, then one that names its
 * file, then one that names its folder (a rule whose `file` ends in `/`).
 */
export function phaseOfFrame(url: string, functionName: string): CodePhase | undefined {
  if (url === '') return undefined;
  const named = RULES.find((r) => r.functions?.includes(functionName) && covers(r.file, url));
  const filed = named ?? RULES.find((r) => !r.functions && url.endsWith(r.file));
  return (filed ?? RULES.find((r) => !r.functions && folderOf(r.file, url)))?.phase;
}

const folderOf = (file: string, url: string) => file.endsWith('/') && url.includes(file);
const covers = (file: string, url: string) => url.endsWith(file) || folderOf(file, url);

/** Where each sample of `profile` between `from` and `to` (µs) goes: the innermost phase's code. */
export function attribute(profile: CpuProfile, from = -Infinity, to = Infinity): Attribution {
  const parents = new Map<number, ProfileNode>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parents.set(child, node);
  }
  const perNode = new Map<number, { count: number; us: number }>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    const seen = perNode.get(id) ?? { count: 0, us: 0 };
    perNode.set(id, { count: seen.count + 1, us: seen.us + delta });
  });
  const phases = [...Object.keys(PHASE_RULES), 'gc', 'other'] as Phase[];
  const samples = Object.fromEntries(phases.map((p) => [p, 0])) as Record<Phase, number>;
  const innermost = Object.fromEntries(phases.map((p) => [p, new Map()])) as Record<
    Phase,
    Map<string, number>
  >;
  let busy = 0;
  let busyUs = 0;
  for (const [id, { count, us }] of perNode) {
    const node = byId.get(id) as ProfileNode;
    if (node.callFrame.functionName === '(idle)') continue;
    busy += count;
    busyUs += us;
    const phase = phaseOfStack(node, parents);
    samples[phase] += count;
    const name = node.callFrame.functionName || '(anonymous)';
    innermost[phase].set(name, (innermost[phase].get(name) ?? 0) + count);
  }
  return { samples, innermost, busy, busyUs };
}

function phaseOfStack(node: ProfileNode, parents: ReadonlyMap<number, ProfileNode>): Phase {
  if (node.callFrame.functionName === '(garbage collector)') return 'gc';
  for (let at: ProfileNode | undefined = node; at; at = parents.get(at.id)) {
    const phase = phaseOfFrame(at.callFrame.url, at.callFrame.functionName);
    if (phase) return phase;
  }
  return 'other';
}
