/**
 * What arrives within one turn of the event loop, handed to `work` together (issue 53 #3, #4): thousands
 * of chat sockets closing at once, or the notifications a drain told at once, then cost one statement
 * instead of one each. Answers `add(item)`.
 * - `overlap: false`: a batch starts once the one before it has ended, and what arrived meanwhile is the
 *   next one (the chat's read marks: a member's rows written in order, the pool not filled). Every `add`
 *   answers the batches under way, which end when nothing is left; `work` handles its own errors.
 * - `overlap: true`: each turn's batch starts when that turn ends, whatever runs. The `add` that began a
 *   batch answers its work (its failure there); the others answer at once.
 */
export function perTurn<T>(work: (items: T[]) => Promise<void>, { overlap }: { overlap: boolean }): (item: T) => Promise<void> {
  let items: T[] = [];
  const take = () => {
    const these = items;
    items = [];
    return these;
  };
  const turnEnds = () => new Promise<void>((resolve) => setImmediate(resolve));
  if (overlap) {
    return async (item) => {
      items.push(item);
      if (items.length > 1) return;
      await turnEnds();
      await work(take());
    };
  }
  let running: Promise<void> | null = null;
  async function batches() {
    try {
      await turnEnds();
      while (items.length > 0) await work(take());
    } finally {
      running = null;
    }
  }
  return (item) => {
    items.push(item);
    return (running ??= batches());
  };
}
