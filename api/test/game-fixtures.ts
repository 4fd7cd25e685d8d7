import type { ContentRecords } from '@app/shared/server';

/** Games, studies and backyard content as the CMS serves it (issue 21). */
export function gameRecords(): Partial<ContentRecords> {
  return {
    quizQuestions: [
      ...Array.from({ length: 7 }, (_, i) => ({ id: i + 1, question: `Question ${i + 1}?`, options: ['A', 'B', 'C', 'D'].map((l) => ({ text: `${l}${i}` })), correctAnswer: i % 4 })),
      // Three options: never dealt.
      { id: 99, question: 'Broken?', options: [{ text: 'x' }, { text: 'y' }, { text: 'z' }], correctAnswer: 0 },
    ],
    scrambleWords: ['GARDEN', 'HABIT', 'FOCUS', 'BREATHE', 'JOURNAL', 'COURAGE'].map((word, i) => ({ id: i + 1, word, hint: `Hint ${i + 1}` })),
    studyResources: [
      { id: 1, title: 'Calm Foundations', description: 'Start here.', videoUrl: 'https://www.youtube.com/watch?v=calm001', isPremium: false, sortOrder: 1 },
      { id: 2, title: 'Deep Focus Lab', description: 'For members.', videoUrl: 'https://www.youtube.com/watch?v=focus02', isPremium: true, sortOrder: 2 },
    ],
    backyardArticles: [
      { id: 1, title: 'Build a Bird Feeder!', summary: 'Wood and seed.', timeNeeded: '2 hours', contentHtml: '<p>SECRET-BACKYARD-1</p>', sortOrder: 1 },
      { id: 2, title: 'Stargazing: The Big Dipper', summary: 'Look up.', timeNeeded: '1 hour', contentHtml: '<p>SECRET-BACKYARD-2</p>', sortOrder: 2 },
    ],
  };
}
