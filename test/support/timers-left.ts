import { createHook } from 'node:async_hooks';

/**
 * Runs `work` and answers where each timer it started and left running was made (by default only
 * those that keep the process alive): a closed server or replica must let its process exit at once.
 */
export async function timersLeftBy(
  work: () => Promise<void>,
  { holdingOnly = true }: { holdingOnly?: boolean } = {},
): Promise<string[]> {
  const made = new Map<number, { timer: NodeJS.Timeout; where: string }>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type !== 'Timeout') return;
      // Past the message and this hook: the first frame outside Node is the timer's maker.
      const frames = new Error().stack?.split('\n').slice(2) ?? [];
      // Node's cache of the Date header, one per process, renews itself each second on use.
      if (frames.some((frame) => frame.includes('at utcDate (node:'))) return;
      const where = frames.find((frame) => !frame.includes('(node:')) ?? 'node';
      made.set(id, { timer: resource as NodeJS.Timeout, where: where.trim() });
    },
    destroy: (id) => made.delete(id),
  });
  hook.enable();
  try {
    await work();
    // Node tells of a timer's end (cleared or fired) on a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    hook.disable();
  }
  const left = [...made.values()].filter(({ timer }) => !holdingOnly || timer.hasRef());
  return left.map(({ where }) => where);
}
