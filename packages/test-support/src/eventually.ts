/**
 * Retries `attempt` until it resolves, and throws its last error once `timeoutMs` has passed (a
 * connection through HAProxy while no primary is routed fails, then works again).
 */
export async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 60_000, everyMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
