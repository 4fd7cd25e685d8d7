/**
 * Long loops on the API's one thread (a content reload, an assistant index) give the event loop a
 * turn every so often, so other requests are answered meanwhile (issue 49 #4):
 *   const turn = turns();
 *   for (...) { if (turn.due()) await turn.pause(); ... }
 * `due()` is true once the loop has held the thread `everyMs` since it last paused.
 */
export function turns(everyMs = 20) {
  let since = performance.now();
  return {
    due: () => performance.now() - since > everyMs,
    async pause(): Promise<void> {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    },
  };
}
