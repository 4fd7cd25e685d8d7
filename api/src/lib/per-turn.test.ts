import { describe, expect, it } from 'vitest';
import { perTurn } from './per-turn.ts';

/** A `work` that records each batch and ends when told (`release`). */
function recorder() {
  const batches: number[][] = [];
  const waiting: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  return {
    batches,
    get mostAtOnce() {
      return mostAtOnce;
    },
    work: async (items: number[]) => {
      batches.push(items);
      mostAtOnce = Math.max(mostAtOnce, ++running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running -= 1;
    },
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}
const turnEnds = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('perTurn', () => {
  it('one after another: what arrives in a turn is one batch, and what arrives while it runs the next', async () => {
    const r = recorder();
    const add = perTurn(r.work, { overlap: false });
    const done = [add(1), add(2), add(3)];
    await turnEnds();
    expect(r.batches).toEqual([[1, 2, 3]]);
    void add(4);
    await turnEnds();
    void add(5);
    await turnEnds();
    expect(r.batches).toHaveLength(1);
    r.release();
    await turnEnds();
    expect(r.batches).toEqual([[1, 2, 3], [4, 5]]);
    r.release();
    await Promise.all(done);
    expect(r.mostAtOnce).toBe(1);
  });

  it('overlapping: each turn’s batch starts when the turn ends, whatever runs', async () => {
    const r = recorder();
    const add = perTurn(r.work, { overlap: true });
    const first = add(1);
    void add(2);
    await turnEnds();
    const second = add(3);
    await turnEnds();
    expect(r.batches).toEqual([[1, 2], [3]]);
    expect(r.mostAtOnce).toBe(2);
    r.release();
    await Promise.all([first, second]);
  });
});
