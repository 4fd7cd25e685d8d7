import { describe, expect, it } from 'vitest';
import { canSend, retryLast, type ChatMessage } from './talk-chat';

describe('the assistant chat rules', () => {
  it('sends only with text, no request in progress and a presenter chosen', () => {
    expect(canSend('How do I sleep better?', false, 'local-maya')).toBe(true);
    expect(canSend('   \n ', false, 'local-maya')).toBe(false);
    expect(canSend('How do I sleep better?', true, 'local-maya')).toBe(false);
    expect(canSend('How do I sleep better?', false, null)).toBe(false);
  });

  it('retry removes the last two messages and gives the question back', () => {
    const messages: ChatMessage[] = [
      { id: '1', sender: 'user', text: 'First?', status: 'complete' },
      { id: '2', sender: 'assistant', text: 'An answer', status: 'complete' },
      { id: '3', sender: 'user', text: 'Second?', status: 'complete' },
      { id: '4', sender: 'assistant', text: 'Sorry', status: 'error' },
    ];
    expect(retryLast(messages)).toEqual({ messages: messages.slice(0, 2), input: 'Second?' });
  });
});
