import { type Attribution } from './phase-attribution';
import { PHASES, type Phase } from './phase-rules';

/** What the table is of: the run's figures besides the profile's samples. */
export interface PhaseRun {
  readonly attribution: Attribution;
  /** The server's CPU time (user + system) per call over the measured window, in µs. */
  readonly cpuUsPerCall: number;
  /** How many functions the lines under the table name of a phase. */
  readonly namesShown?: number;
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

/** The markdown table: each phase's share of the busy samples and its µs per call, then totals. */
export function phaseTable(run: PhaseRun): string {
  const { attribution, cpuUsPerCall } = run;
  const { busy } = attribution;
  const lines = ['| phase | samples | share | µs per call |', '|---|---:|---:|---:|'];
  for (const phase of Object.keys(PHASES) as Phase[]) {
    const share = busy === 0 ? 0 : attribution.samples[phase] / busy;
    const us = share * cpuUsPerCall;
    lines.push(
      `| ${PHASES[phase]} | ${attribution.samples[phase]} | ${fixed(share * 100, 1)}% | ${fixed(us, 2)} |`,
    );
  }
  lines.push(`| **total** | ${busy} | 100.0% | ${fixed(cpuUsPerCall, 2)} |`);
  const shown = run.namesShown ?? 6;
  const named = NAMED.map((phase) => namesLine(attribution, phase, shown));
  return `${lines.join('\n')}\n\n${named.join('\n')}\n`;
}

/** The phases whose largest functions are named under the table: the socket write is in one. */
const NAMED: readonly Phase[] = ['write', 'other'];

function namesLine({ innermost, busy }: Attribution, phase: Phase, shown: number): string {
  const top = [...innermost[phase]].sort((a, b) => b[1] - a[1]).slice(0, shown);
  const named = top.map(([name, n]) => `\`${name}\` ${fixed((n / busy) * 100, 1)}%`);
  return `- of ${phase}, the largest by innermost function: ${named.join(', ') || 'none'}.`;
}
