// Issue 47 #11 (WCAG 2.5.3, label in name): a control's accessible name holds the words it shows,
// so someone using voice control can say what they see. The header's account button shows
// initials; a video card's buttons show "Favorite" and "Watch later" from tablet width up.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User, Video } from '@app/shared/schemas';
import SignedInMenu from './user-menu/signed-in-menu';
import { SaveButtons } from './videos/save-buttons';

/** The words a button shows (screen-reader-only text left out). */
function shown(button: HTMLElement) {
  const copy = button.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.sr-only').forEach((e) => e.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const user = { id: 7, username: 'riley', displayName: 'Riley Reader', avatarUrl: null, membershipTier: 'free', role: 'member', accountStatus: 'active' } as unknown as User;
const video = { id: 3, title: 'Morning focus', membershipRequired: 'free' } as Video;

describe('names that hold what the control shows', () => {
  it('the account menu, which shows initials when there is no picture', () => {
    render(<SignedInMenu user={user} />);
    const button = screen.getByRole('button', { name: 'RR, account menu for Riley Reader' });
    expect(shown(button)).toBe('RR');
  });

  it('a video card’s favorite and watch-later toggles', () => {
    const saved = { user: null, lists: {}, busy: {} } as unknown as Parameters<typeof SaveButtons>[0]['saved'];
    render(<SaveButtons video={video} saved={saved} />);
    expect(shown(screen.getByRole('button', { name: 'Favorite: Morning focus' }))).toBe('Favorite');
    expect(shown(screen.getByRole('button', { name: 'Watch later: Morning focus' }))).toBe('Watch later');
  });
});
