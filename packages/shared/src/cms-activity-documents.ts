/**
 * Payload documents of the games, studies and backyard collections, mapped to what the API and
 * the site build use (the same mapping for both, like cms-documents.ts). Quiz answer keys,
 * scramble words, premium study videos and backyard bodies stay on the server: the site build
 * renders only the public parts.
 */
import { backyardSlug, type BackyardArticle } from './backyard.ts';
import { mediaUrl } from './cms-documents.ts';
import { QUIZ_OPTIONS } from './games.ts';
import type { StudyResource } from './studies.ts';
import { isAllowedVideoUrl } from './videos.ts';

type MediaDoc = Parameters<typeof mediaUrl>[0];

export type CmsQuizQuestion = { id: number; question: string; options?: { text: string }[] | null; correctAnswer: number };
export type CmsScrambleWord = { id: number; word: string; hint?: string | null };
export type CmsStudyResource = { id: number; title: string; description?: string | null; thumbnail?: MediaDoc; videoUrl?: string | null; isPremium?: boolean | null; sortOrder?: number | null };
export type CmsBackyardArticle = { id: number; title: string; summary?: string | null; thumbnail?: MediaDoc; timeNeeded?: string | null; contentHtml?: string | null; sortOrder?: number | null };

/** A quiz question with its answer key (server only). */
export type QuizQuestion = { id: number; question: string; options: string[]; correctAnswer: number };
export type ScrambleWord = { id: number; word: string; hint: string };

/** Questions the quiz can deal: four options and a right answer among them (others are skipped). */
export function toQuizQuestions(docs: CmsQuizQuestion[] | undefined): QuizQuestion[] {
  return (docs ?? [])
    .map((d) => ({ id: d.id, question: d.question, options: (d.options ?? []).map((o) => o.text), correctAnswer: d.correctAnswer }))
    .filter((q) => q.options.length === QUIZ_OPTIONS && Number.isInteger(q.correctAnswer) && q.correctAnswer >= 0 && q.correctAnswer < QUIZ_OPTIONS);
}

/** Words the scramble can deal: letters only, upper-cased (the CMS checks the same). */
export function toScrambleWords(docs: CmsScrambleWord[] | undefined): ScrambleWord[] {
  return (docs ?? []).map((d) => ({ id: d.id, word: d.word.trim().toUpperCase(), hint: d.hint?.trim() ?? '' })).filter((w) => /^[A-Z]{3,20}$/.test(w.word));
}

export function toStudyResource(doc: CmsStudyResource): StudyResource {
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description ?? '',
    thumbnail: mediaUrl(doc.thumbnail),
    isPremium: Boolean(doc.isPremium),
    videoUrl: isAllowedVideoUrl(doc.videoUrl) ? doc.videoUrl.trim() : null,
  };
}

/** What everyone may see of a study: a premium one without its video. */
export function publicStudyResource(r: StudyResource): StudyResource {
  return r.isPremium ? { ...r, videoUrl: null } : r;
}

export function toBackyardArticle(doc: CmsBackyardArticle): BackyardArticle {
  return {
    id: doc.id,
    slug: backyardSlug(doc.title),
    title: doc.title,
    summary: doc.summary ?? '',
    thumbnail: mediaUrl(doc.thumbnail),
    timeNeeded: doc.timeNeeded ?? '',
    content: doc.contentHtml ?? '',
  };
}

/** Editors order studies and backyard articles; equal places keep the CMS's order. */
export function bySortOrder<T extends { sortOrder?: number | null }>(docs: T[] | undefined): T[] {
  return [...(docs ?? [])].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
}
