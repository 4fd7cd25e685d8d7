import type { ChatMessage } from '@app/shared/schemas';
import { describe, expect, it } from 'vitest';
import { groupMessages } from './group-messages';

const at = (id: number, sender: number, seconds: number): ChatMessage => ({
  id, roomId: 1, content: `m${id}`, sentAt: new Date(Date.UTC(2026, 10, 22, 9, 0, seconds)).toISOString(), sender: { id: sender, displayName: `u${sender}`, badge: null, avatarUrl: null, tier: 'free' },
});

describe('message grouping', () => {
  it('groups one sender’s messages within 60 seconds of the one before', () => {
    const groups = groupMessages([at(1, 1, 0), at(2, 1, 50), at(3, 1, 110), at(4, 1, 171), at(5, 2, 172), at(6, 1, 173)]);
    expect(groups.map((g) => g.messages.map((m) => m.id))).toEqual([[1, 2, 3], [4], [5], [6]]);
  });
});
