// The AI assistant's vocabulary (spec 02 §3 "AI presenter", §4, §8, §9), zod-free for the page and its island.
import type { Tier } from './tiers.ts';

/** GET /api/ai/presenters: one presenter of the picker. */
export type AiPresenter = { id: string; name: string; thumbnail_url: string };

/** Where an answer's words come from. `locked` names the tier an article needs when the asker cannot read it (then nothing of it is quoted). */
export type AiSource = { title: string; url: string; locked?: Tier };
export type AiAnswer = { text: string; sources: AiSource[] };

/** D-ID's talk states, passed through (spec 02 §4: done gives the result, error an error, otherwise poll again). */
export const TALK_STATUSES = ['created', 'started', 'done', 'error'] as const;
export type TalkStatus = (typeof TALK_STATUSES)[number];

/** GET /api/ai/talk/{id}: `result_url` is the presenter's video once done (offline presenters have none). */
export type AiTalk = { id: string; status: TalkStatus; result_url?: string; answer: AiAnswer };

/** POST /api/ai/talk's answer. */
export type AiTalkCreated = { id: string };

export const AI_QUESTION_MAX = 1000;
/** The page polls a talk this often until it is done or failed (spec 02 §9). */
export const AI_POLL_MS = 2000;

/** The spec's AI texts (spec 02 §8), said by the API and shown by the page. */
export const AI_MESSAGES = {
  noPresenters: 'No AI presenters available. Please check your D-ID API configuration.',
  unavailableTitle: 'API Connection Error',
  unavailable: 'Unable to connect to the AI Assistant service. Please check your API configuration.',
  unavailableToast: 'AI Service Unavailable',
  generateFailed: 'Failed to generate AI response',
  statusFailed: 'Failed to check AI response status',
  generationFailed: 'AI response generation failed',
  bubbleError: 'Sorry, I encountered an error processing your request. Please try again.',
} as const;
