import { AppError } from './app-error.ts';

/** Work this instance runs at most `max` at a time; the rest is answered 429 with Retry-After at once (never queued in memory). */
export type InstanceSlots = { run<T>(work: () => Promise<T>): Promise<T> };

export function createInstanceSlots(max: number, busy: { message: string; retryAfterSeconds: number }): InstanceSlots {
  let running = 0;
  return {
    async run(work) {
      if (running >= max) throw new AppError('too_many_requests', busy.message, { retryAfter: busy.retryAfterSeconds });
      running++;
      try {
        return await work();
      } finally {
        running--;
      }
    },
  };
}
