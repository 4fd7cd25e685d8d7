import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CharacterGuides from './character-guides';

const guide = (title: string) => ({ type: 'tip', title, message: `${title} says hello`, triggerAt: 'end' as const, showAutomatically: true });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the character guides', () => {
  it('shows the newest guide only, and after "Got it" on the last one no earlier guide comes back', () => {
    // jsdom's page does not scroll, so the reader counts as at the end: both guides trigger.
    render(<CharacterGuides guides={[guide('First guide'), guide('Last guide')]} />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('First guide')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.getByText('Last guide')).toBeTruthy();
    expect(screen.queryByText('First guide')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByText('Last guide')).toBeNull();
    expect(screen.queryByText('First guide')).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('rises above the footer once the footer is in view, so it never covers it', () => {
    const footer = document.createElement('footer');
    footer.dataset.siteFooter = '';
    footer.getBoundingClientRect = () => ({ top: window.innerHeight - 300 }) as DOMRect;
    document.body.append(footer);
    render(<CharacterGuides guides={[guide('Last guide')]} />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByRole('complementary').style.getPropertyValue('--guide-lift')).toBe('300px');
    footer.remove();
  });
});
