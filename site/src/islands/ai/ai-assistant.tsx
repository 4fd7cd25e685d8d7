import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AI_MESSAGES, AI_POLL_MS, AI_QUESTION_MAX, api, can, errorMessage, viewerOf, type AiPresenter, type AiTalk, type AiTalkCreated } from '@app/shared/browser';
import { toast } from '@app/ui';
import { loadUser, useUser } from '../../stores/session';
import { ChatMessages } from './chat-messages';
import { PresenterPicker } from './presenter-picker';
import { canSend, retryLast, settle, type ChatMessage } from './talk-chat';

type Presenters = { state: 'loading' } | { state: 'ready'; list: AiPresenter[] } | { state: 'failed' };

/**
 * The AI assistant (spec 02 "AI Assistant"): pick a presenter, ask, and each answer comes back
 * as a talk polled every 2 s until done (text, sources and the presenter's video when there is
 * one) or failed. Enter sends, Shift+Enter makes a new line.
 */
export default function AiAssistant() {
  const user = useUser();
  useEffect(() => void loadUser(), []);
  const [presenters, setPresenters] = useState<Presenters>({ state: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  // One conversation per visit to the page: follow-up questions lean on the one before.
  const conversation = useRef<string>('');
  const polling = useRef<ReturnType<typeof setTimeout> | null>(null);
  const counter = useRef(0);

  async function loadPresenters() {
    setPresenters({ state: 'loading' });
    try {
      const list = await api.get<AiPresenter[]>('/api/ai/presenters');
      setPresenters({ state: 'ready', list });
      setChosen((c) => (c && list.some((p) => p.id === c) ? c : (list[0]?.id ?? null)));
    } catch {
      setPresenters({ state: 'failed' });
      toast({ title: AI_MESSAGES.unavailableToast, description: AI_MESSAGES.unavailable, variant: 'destructive' });
    }
  }
  useEffect(() => {
    conversation.current = crypto.randomUUID();
    void loadPresenters();
    return () => {
      if (polling.current) clearTimeout(polling.current);
    };
  }, []);

  function fail(replyId: string, description: string) {
    setMessages((ms) => settle(ms, replyId, { status: 'error', text: AI_MESSAGES.bubbleError }));
    toast({ title: 'Error', description, variant: 'destructive' });
    setBusy(false);
  }

  async function poll(talkId: string, replyId: string) {
    let talk: AiTalk;
    try {
      talk = await api.get<AiTalk>(`/api/ai/talk/${talkId}`);
    } catch (err) {
      return fail(replyId, errorMessage(err, AI_MESSAGES.statusFailed));
    }
    if (talk.status === 'done') {
      setMessages((ms) => settle(ms, replyId, { status: 'complete', text: talk.answer.text, sources: talk.answer.sources, videoUrl: talk.result_url }));
      setBusy(false);
    } else if (talk.status === 'error') {
      fail(replyId, AI_MESSAGES.generationFailed);
    } else {
      polling.current = setTimeout(() => void poll(talkId, replyId), AI_POLL_MS);
    }
  }

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend(input, busy, chosen)) return;
    const text = input.trim();
    const replyId = `m${++counter.current}`;
    setMessages((ms) => [...ms, { id: `m${++counter.current}`, sender: 'user', text, status: 'complete' }, { id: replyId, sender: 'assistant', text: '', status: 'pending' }]);
    setInput('');
    setBusy(true);
    let created: AiTalkCreated;
    try {
      created = await api.post<AiTalkCreated>('/api/ai/talk', { text, presenter_id: chosen, conversation_id: conversation.current });
    } catch (err) {
      return fail(replyId, errorMessage(err, AI_MESSAGES.generateFailed));
    }
    await poll(created.id, replyId);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  function retry() {
    const next = retryLast(messages);
    setMessages(next.messages);
    setInput(next.input);
  }

  const isAdmin = can(viewerOf(user ?? null), 'administer');
  const list = presenters.state === 'ready' ? presenters.list : [];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <aside className="space-y-4 lg:order-last">
        <div className="card p-4 sm:p-5">
          {presenters.state === 'loading' && <p className="text-sm text-slate-600">Loading presenters...</p>}
          {presenters.state === 'failed' && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <p className="font-semibold">{AI_MESSAGES.unavailableTitle}</p>
              <p className="mt-1">{AI_MESSAGES.unavailable}</p>
              {isAdmin && (
                <div className="mt-3 text-red-900" data-testid="admin-retry-hint">
                  <p>Admins: check DID_API_KEY (or unset it for the offline presenters) and the API's logs, then retry.</p>
                  <button type="button" className="btn-outline mt-2 bg-white" onClick={() => void loadPresenters()}>Retry Connection</button>
                </div>
              )}
            </div>
          )}
          {presenters.state === 'ready' && (list.length === 0 ? <p className="text-sm text-slate-700" role="status">{AI_MESSAGES.noPresenters}</p> : <PresenterPicker presenters={list} chosen={chosen} onChoose={setChosen} />)}
        </div>
      </aside>
      <section className="card flex min-h-[20rem] flex-col p-4 sm:min-h-[28rem] sm:p-6" aria-labelledby="assistant-chat-title">
        <h2 id="assistant-chat-title" className="text-xl font-semibold text-slate-900">Ask the assistant</h2>
        <p className="mt-1 text-sm text-slate-600">Answers come from our articles, videos, studies, store and policies, with links to where they are from.</p>
        <div className="mt-4 flex-1">
          {messages.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">Try “How do I start a new habit?” or “How much should I keep in an emergency fund?”</p>
          ) : (
            <ChatMessages messages={messages} onRetry={retry} />
          )}
        </div>
        <form onSubmit={(e) => void send(e)} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
          <label htmlFor="assistant-question" className="sr-only">Your question</label>
          <textarea id="assistant-question" rows={2} maxLength={AI_QUESTION_MAX} value={input} onChange={(e) => setInput(e.target.value)} onKeyDown={onKeyDown}
            placeholder="Type your question… (Enter sends, Shift+Enter for a new line)" className="min-h-[3rem] w-full flex-1 resize-y rounded-md border border-slate-300 px-3 py-2 text-sm" />
          <button type="submit" className="btn-primary" disabled={!canSend(input, busy, chosen)}>{busy ? 'Sending...' : 'Send'}</button>
        </form>
      </section>

    </div>
  );
}
