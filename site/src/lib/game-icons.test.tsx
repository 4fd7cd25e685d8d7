import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BADGES, MEMORY_SYMBOLS } from '@app/shared/browser';
import { GameIcon } from './game-icons';

// Emoji showed as empty boxes where the device has no emoji font: every face and badge is an SVG the site ships.
describe('game pictures are drawn by the site, the same on every device', () => {
  it('draws every memory face and every badge as an SVG, and no emoji anywhere', () => {
    for (const name of [...MEMORY_SYMBOLS, ...BADGES.map((b) => b.icon)]) {
      const { container, unmount } = render(<GameIcon name={name} />);
      expect(container.querySelector(`[data-icon="${name}"] svg`), name).not.toBeNull();
      unmount();
      expect(name).toMatch(/^[a-z-]+$/);
    }
  });

  it('gives each memory pair its own picture', () => {
    const drawn = MEMORY_SYMBOLS.map((name) => render(<GameIcon name={name} />).container.innerHTML);
    expect(new Set(drawn).size).toBe(MEMORY_SYMBOLS.length);
  });
});
