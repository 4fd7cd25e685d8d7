import { GROUP_WINDOW_MS } from '@app/shared/browser';
import type { ChatMessage } from '@app/shared/schemas';

export type MessageGroup = { sender: ChatMessage['sender']; startedAt: string; messages: ChatMessage[] };

/** Messages from the same sender within 60 s of the previous one share one heading (spec 02 §2 Chat). */
export function groupMessages(messages: ChatMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const m of messages) {
    const last = groups.at(-1);
    const previous = last?.messages.at(-1);
    if (last && previous && last.sender.id === m.sender.id && Date.parse(m.sentAt) - Date.parse(previous.sentAt) <= GROUP_WINDOW_MS) last.messages.push(m);
    else groups.push({ sender: m.sender, startedAt: m.sentAt, messages: [m] });
  }
  return groups;
}
