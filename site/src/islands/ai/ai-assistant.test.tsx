import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '@app/ui';
import { $user } from '../../stores/session';
import AiAssistant from './ai-assistant';

const presenters = [
  { id: 'local-maya', name: 'Maya', thumbnail_url: '/ai-presenters/maya.svg' },
  { id: 'local-theo', name: 'Theo', thumbnail_url: '/ai-presenters/theo.svg' },
];
const answer = { text: 'From “Sleep”: “Dim lights and screens in the last hour before bed.”', sources: [{ title: 'Sleep', url: '/articles/14' }] };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The three AI calls: presenters, asking, and the talk's status (a list of answers, one per reading). */
function stubAiApi(opts: { presenters?: Response; ask?: Response; readings?: unknown[] } = {}) {
  const readings = [...(opts.readings ?? [{ status: 'done', answer }])];
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url.endsWith('/api/user')) return json({ message: 'Not signed in' }, 401);
    if (url.endsWith('/api/ai/presenters')) return opts.presenters ?? json(presenters);
    if (url.endsWith('/api/ai/talk')) return opts.ask ?? json({ id: 'talk-1' }, 201);
    return json({ id: 'talk-1', ...(readings.length > 1 ? readings.shift() : readings[0]) as object });
  }));
  return calls;
}

afterEach(() => {
  $toasts.set([]);
  $user.set(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the AI assistant island', () => {
  it('sends on Enter (Shift+Enter is a new line), shows the answer with its sources, and sends nothing blank', async () => {
    const calls = stubAiApi();
    render(<AiAssistant />);
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Maya' })).checked).toBe(true);
    const input = screen.getByLabelText<HTMLTextAreaElement>('Your question');
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    await userEvent.type(input, '   {Enter}');
    expect(calls.some((c) => c.url.endsWith('/api/ai/talk'))).toBe(false);
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('radio', { name: 'Theo' }));
    await userEvent.type(input, 'How do I sleep{Shift>}{Enter}{/Shift}better?');
    expect(input.value).toBe('How do I sleep\nbetter?');
    await userEvent.keyboard('{Enter}');
    await screen.findByText('From “Sleep”: “Dim lights and screens in the last hour before bed.”');
    expect(screen.getByRole('link', { name: 'Sleep' }).getAttribute('href')).toBe('/articles/14');
    const ask = calls.find((c) => c.url.endsWith('/api/ai/talk'))!.body as Record<string, string>;
    expect(ask).toMatchObject({ text: 'How do I sleep\nbetter?', presenter_id: 'local-theo' });
    expect(ask.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(input.value).toBe('');
  });

  it('shows the pending answer while the talk is started, polling every 2 seconds, then the video', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubAiApi({ readings: [{ status: 'created', answer }, { status: 'started', answer }, { status: 'done', result_url: 'https://d-id.example/talk.mp4', answer }] });
    render(<AiAssistant />);
    await screen.findByRole('radio', { name: 'Maya' });
    await userEvent.type(screen.getByLabelText('Your question'), 'How do I sleep better?{Enter}');
    await screen.findByText('Thinking…');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sending...' }).disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(4100);
    await waitFor(() => expect(screen.getByLabelText("The presenter's answer").getAttribute('src')).toBe('https://d-id.example/talk.mp4'));
  });

  it('on a failed answer shows the apology and the Error toast; Retry removes both messages and gives the question back', async () => {
    stubAiApi({ ask: json({ message: 'Failed to generate AI response' }, 503) });
    render(<AiAssistant />);
    await screen.findByRole('radio', { name: 'Maya' });
    await userEvent.type(screen.getByLabelText('Your question'), 'How do I sleep better?{Enter}');
    await screen.findByText('Sorry, I encountered an error processing your request. Please try again.');
    expect($toasts.get()[0]).toMatchObject({ title: 'Error', description: 'Failed to generate AI response' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.queryAllByTestId(/^ai-message-/)).toHaveLength(0);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your question').value).toBe('How do I sleep better?');
  });

  it('a talk that ends in error says "AI response generation failed"', async () => {
    stubAiApi({ readings: [{ status: 'error', answer }] });
    render(<AiAssistant />);
    await screen.findByRole('radio', { name: 'Maya' });
    await userEvent.type(screen.getByLabelText('Your question'), 'How do I sleep better?{Enter}');
    await screen.findByText('Sorry, I encountered an error processing your request. Please try again.');
    expect($toasts.get()[0]).toMatchObject({ title: 'Error', description: 'AI response generation failed' });
  });

  it('says when there are no presenters, and blocks sending', async () => {
    stubAiApi({ presenters: json([]) });
    render(<AiAssistant />);
    await screen.findByText('No AI presenters available. Please check your D-ID API configuration.');
    await userEvent.type(screen.getByLabelText('Your question'), 'Hello?');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
  });

  it('when the service is down: the API Connection Error alert and the toast, with the retry hint for admins only', async () => {
    stubAiApi({ presenters: json({ message: 'Unable to connect to the AI Assistant service. Please check your API configuration.' }, 503) });
    const { unmount } = render(<AiAssistant />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('API Connection Error');
    expect(alert.textContent).toContain('Unable to connect to the AI Assistant service. Please check your API configuration.');
    expect($toasts.get()[0]).toMatchObject({ title: 'AI Service Unavailable' });
    expect(screen.queryByRole('button', { name: 'Retry Connection' })).toBeNull();
    unmount();

    $user.set({ id: 1, username: 'Admin', displayName: 'Admin', email: 'a@example.com', avatarUrl: null, membershipTier: 'vip', isAdmin: true, role: 'admin', accountStatus: 'active', memberSince: '2026-01-01T00:00:00.000Z' } as never);
    render(<AiAssistant />);
    await screen.findByRole('button', { name: 'Retry Connection' });
  });
});
