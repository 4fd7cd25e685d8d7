import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, toast, TOAST_REMOVE_DELAY } from '@app/ui';

afterEach(() => {
  vi.useRealTimers();
  $toasts.set([]);
});

describe('toasts', () => {
  it('show one at a time, the newest winning', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect($toasts.get().map((t) => t.title)).toEqual(['Second']);
  });

  it('stay mounted after dismissal and are removed after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Saved' });
    dismissToast(id);
    expect($toasts.get()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });
});
