import { describe, expect, it, vi } from 'vitest';
import { collectHeap, idleCollector } from '../../src/http/collectWhenIdle.js';

const MB = 1024 * 1024;

/** A collector on a clock and a memory size the test sets; by default a collection gives back 30 MB. */
function collectorAt(start: { rss: number; collect?: () => Promise<void> }) {
  const state = { now: 0, rss: start.rss };
  const collect = vi.fn(
    start.collect ??
      (async () => {
        state.rss -= 30 * MB;
      }),
  );
  const collector = idleCollector({ now: () => state.now, rss: () => state.rss, collect });
  return { state, collect, collector };
}

describe('collecting the heap when the server goes idle', () => {
  it('collects once, two seconds after the last answer, when the process grew', async () => {
    const { state, collect, collector } = collectorAt({ rss: 120 * MB });
    collector.answered();
    state.rss += 60 * MB;
    state.now = 1000;
    expect(await collector.look()).toBe(false);
    collector.answered();
    state.now = 2900;
    expect(await collector.look()).toBe(false);
    state.now = 3000;
    expect(await collector.look()).toBe(true);
    expect(collect).toHaveBeenCalledTimes(1);
    // Nothing answered since: nothing to give back.
    state.now = 10_000;
    expect(await collector.look()).toBe(false);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('does not collect when the process has not grown since it last collected', async () => {
    const { state, collect, collector } = collectorAt({ rss: 120 * MB });
    collector.answered();
    state.rss += 10 * MB;
    state.now = 5000;
    expect(await collector.look()).toBe(false);
    // Grown since the start, not since the last look that found too little to collect.
    collector.answered();
    state.rss += 10 * MB;
    state.now = 8000;
    expect(await collector.look()).toBe(true);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('stops trying after a collection fails, with a warning', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const { state, collect, collector } = collectorAt({
      rss: 100 * MB,
      collect: async () => {
        throw new Error('no inspector');
      },
    });
    collector.answered();
    state.rss += 50 * MB;
    state.now = 3000;
    expect(await collector.look()).toBe(false);
    collector.answered();
    state.rss += 50 * MB;
    state.now = 6000;
    expect(await collector.look()).toBe(false);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("gives back what the heap's garbage held", async () => {
    let garbage: Array<{ i: number; s: string }> | undefined = Array.from({ length: 300_000 }, (_, i) => ({
      i,
      s: `record ${i}`,
    }));
    const before = process.memoryUsage().heapTotal;
    garbage = undefined;
    await collectHeap();
    expect(garbage).toBeUndefined();
    expect(process.memoryUsage().heapTotal).toBeLessThan(before);
  });
});
