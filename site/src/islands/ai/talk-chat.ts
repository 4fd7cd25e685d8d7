import type { AiSource } from '@app/shared/browser';

/** One bubble of the assistant chat (spec 02 §3 "AI chat message", §4). */
export type ChatMessage = {
  id: string;
  text: string;
  sender: 'user' | 'assistant';
  status: 'pending' | 'complete' | 'error';
  videoUrl?: string;
  sources?: AiSource[];
};

/** Sending is blocked while the text is blank, a request is in progress or no presenter is chosen (spec 02 §5). */
export function canSend(text: string, busy: boolean, presenterId: string | null): boolean {
  return text.trim().length > 0 && !busy && presenterId !== null;
}

/** Retry (spec 02 §4): the last two messages go, and the question goes back into the input. */
export function retryLast(messages: ChatMessage[]): { messages: ChatMessage[]; input: string } {
  const question = [...messages].reverse().find((m) => m.sender === 'user');
  return { messages: messages.slice(0, -2), input: question?.text ?? '' };
}

export function settle(messages: ChatMessage[], id: string, change: Partial<ChatMessage>): ChatMessage[] {
  return messages.map((m) => (m.id === id ? { ...m, ...change } : m));
}
