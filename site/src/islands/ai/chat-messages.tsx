import { tierLabel } from '@app/shared/browser';
import type { ChatMessage } from './talk-chat';

const speechAvailable = () => typeof window !== 'undefined' && 'speechSynthesis' in window;

/** Reads an answer aloud with the browser's own voice (the offline presenters make no video). */
function readAloud(text: string) {
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text.replace(/[“”]/g, '')));
}

function Sources({ message }: { message: ChatMessage }) {
  if (!message.sources?.length) return null;
  return (
    <div className="mt-3 border-t border-slate-200 pt-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Sources</p>
      <ul className="mt-1 space-y-1 text-sm">
        {message.sources.map((s) => (
          <li key={s.url} className="flex flex-wrap items-center gap-2">
            <a href={s.url} className="font-medium text-brand-700 hover:underline">{s.title}</a>
            {s.locked && (
              <>
                <span className="badge bg-amber-100 text-amber-900">{tierLabel(s.locked)} members</span>
                <a href="/membership" className="text-brand-700 underline">Upgrade to read it</a>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The conversation: the member's questions, and each answer pending, complete (text, sources, video) or failed with Retry. */
export function ChatMessages({ messages, onRetry }: { messages: ChatMessage[]; onRetry: () => void }) {
  const last = messages.at(-1);
  return (
    <ol className="space-y-4" aria-live="polite" aria-label="Conversation">
      {messages.map((m) => (
        <li key={m.id} className={m.sender === 'user' ? 'flex justify-end' : 'flex justify-start'} data-testid={`ai-message-${m.sender}`} data-status={m.status}>
          <div className={`max-w-[90%] break-words rounded-2xl px-4 py-3 sm:max-w-[80%] ${m.sender === 'user' ? 'bg-brand-600 text-white' : m.status === 'error' ? 'border border-red-200 bg-red-50 text-red-800' : 'border border-slate-200 bg-white text-slate-800'}`}>
            {m.status === 'pending' ? (
              <p className="flex items-center gap-2 text-slate-600" role="status">
                <span className="inline-block h-3 w-3 animate-pulse rounded-full bg-brand-500" aria-hidden="true" />
                Thinking…
              </p>
            ) : (
              <p className="whitespace-pre-wrap">{m.text}</p>
            )}
            {m.videoUrl && <video src={m.videoUrl} controls autoPlay playsInline className="mt-3 w-full max-w-sm rounded-lg" aria-label="The presenter's answer" />}
            {m.status === 'complete' && m.sender === 'assistant' && <Sources message={m} />}
            {m.status === 'complete' && m.sender === 'assistant' && !m.videoUrl && speechAvailable() && (
              <button type="button" className="mt-2 text-sm font-medium text-brand-700 hover:underline" onClick={() => readAloud(m.text)}>Read aloud</button>
            )}
            {m.status === 'error' && m === last && (
              <button type="button" className="btn-outline mt-3 text-sm" onClick={onRetry}>Retry</button>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
