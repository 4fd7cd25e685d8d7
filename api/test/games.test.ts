import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gamePlays, gameScores, users } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { gameRecords } from './game-fixtures.ts';
import { sampleRecords } from './fixtures.ts';

const t = appForThisFile({ records: () => ({ ...sampleRecords(), ...gameRecords() }) });
type Client = ReturnType<typeof browserClient>;

/** The server's own deal of a play: tests may look, players may not. */
async function dealOf<T>(playId: string): Promise<T> {
  const [play] = await t.testDb.db.select().from(gamePlays).where(eq(gamePlays.id, playId));
  return play!.deal as T;
}
const scoresOf = async (username: string) => {
  const [u] = await t.testDb.db.select().from(users).where(eq(users.username, username));
  return t.testDb.db.select().from(gameScores).where(eq(gameScores.userId, u!.id));
};

async function playQuiz(c: Client, pick: (correct: number) => number = (x) => x) {
  const start = await c.post('/api/games/quiz/start');
  expect(start.status).toBe(201);
  const { playId } = start.body;
  const deal = await dealOf<{ questions: { correctAnswer: number }[] }>(playId);
  const answers = deal.questions.map((q) => pick(q.correctAnswer));
  for (const [question, answer] of answers.entries()) {
    const step = await c.post('/api/games/quiz/step', { playId, question, answer });
    expect(step.body).toEqual({ correct: answer === deal.questions[question]!.correctAnswer, correctAnswer: deal.questions[question]!.correctAnswer });
  }
  return { playId, answers };
}

/** Clears the board: a mismatch first when `mistakes`, then every pair straight. */
async function playMemory(c: Client, mistakes = 0) {
  const { playId } = (await c.post('/api/games/memory/start')).body;
  const { faces } = await dealOf<{ faces: string[] }>(playId);
  const pairs: [number, number][] = [];
  const mismatch = faces.findIndex((f) => f !== faces[0]);
  for (let i = 0; i < mistakes; i++) pairs.push([0, mismatch]);
  const seen = new Set<number>();
  for (let a = 0; a < faces.length; a++) {
    if (seen.has(a)) continue;
    const b = faces.findIndex((f, i) => i !== a && f === faces[a]);
    seen.add(a).add(b);
    pairs.push([a, b]);
  }
  for (const [a, b] of pairs) {
    expect((await c.post('/api/games/memory/step', { playId, card: a })).body).toMatchObject({ card: a, symbol: faces[a], outcome: 'first' });
    const second = await c.post('/api/games/memory/step', { playId, card: b });
    expect(second.body.outcome).toBe(faces[a] === faces[b] ? 'match' : 'mismatch');
  }
  return { playId, pairs };
}

describe('the quiz', () => {
  it('deals five questions of four options without the answer key, and a perfect play scores full marks', async () => {
    const c = await t.member('quiz_ace');
    const start = await c.post('/api/games/quiz/start');
    expect(start.body.questions).toHaveLength(5);
    for (const q of start.body.questions) expect(Object.keys(q).sort()).toEqual(['options', 'question']);
    expect(JSON.stringify(start.body)).not.toMatch(/correct/i);

    const { playId, answers } = await playQuiz(c);
    const finish = await c.post('/api/games/quiz/finish', { playId, answers, score: 999, maxScore: 1 });
    expect(finish.body).toEqual({ game: 'quiz', score: 5, maxScore: 5, correct: 5, moves: null, saved: true, badges: ['first-game', 'quiz-ace'] });
    expect(await scoresOf('quiz_ace')).toMatchObject([{ game: 'quiz', score: 5, maxScore: 5 }]);
  });

  it('answers each question once, and scores wrong answers as wrong whatever the browser claims', async () => {
    const c = await t.member('quiz_guesser');
    const { playId, answers } = await playQuiz(c, (x) => (x + 1) % 4);
    expect((await c.post('/api/games/quiz/step', { playId, question: 0, answer: 0 })).status).toBe(409);
    const finish = await c.post('/api/games/quiz/finish', { playId, answers, score: 5 });
    expect(finish.body).toMatchObject({ score: 0, maxScore: 5, saved: true });
  });

  it('scores nothing for answers that differ from those given, a finished play replayed, or another member\'s play', async () => {
    const c = await t.member('quiz_cheat');
    const { playId, answers } = await playQuiz(c, (x) => (x + 1) % 4);
    const rewritten = await c.post('/api/games/quiz/finish', { playId, answers: answers.map((a) => (a + 3) % 4) });
    expect(rewritten.status).toBe(400);
    expect(rewritten.body.message).toMatch(/scores nothing/);
    expect((await c.post('/api/games/quiz/finish', { playId, answers })).status).toBe(409);

    const honest = await playQuiz(c);
    expect((await c.post('/api/games/quiz/finish', { playId: honest.playId })).body.score).toBe(5);
    expect((await c.post('/api/games/quiz/finish', { playId: honest.playId })).status).toBe(409);

    const owner = await t.member('quiz_owner');
    const theirs = await playQuiz(owner);
    expect((await c.post('/api/games/quiz/step', { playId: theirs.playId, question: 0, answer: 0 })).status).toBe(404);
    expect((await c.post('/api/games/quiz/finish', { playId: theirs.playId, answers: theirs.answers })).status).toBe(404);
    expect((await browserClient(t.app.base).post('/api/games/quiz/finish', { playId: theirs.playId, answers: theirs.answers })).status).toBe(404);
    expect((await c.post('/api/games/memory/finish', { playId: theirs.playId })).status).toBe(404);
    expect((await c.post('/api/games/quiz/finish', { playId: 'f'.repeat(32) })).status).toBe(404);
    expect((await c.post('/api/games/quiz/finish', { playId: 'not-a-play' })).status).toBe(400);
    expect(await scoresOf('quiz_cheat')).toMatchObject([{ score: 5 }]);
    // The owner's play is untouched by the attempts on it.
    expect((await owner.post('/api/games/quiz/finish', { playId: theirs.playId })).body.score).toBe(5);
  });
});

describe('memory', () => {
  it('shows only a flipped card\'s face, counts pair attempts, and scores a six-move clear at full marks', async () => {
    const c = await t.member('memory_star');
    const start = await c.post('/api/games/memory/start');
    expect(start.body).toEqual({ game: 'memory', playId: expect.any(String), cards: 12 });
    await c.post('/api/games/memory/finish', { playId: start.body.playId, moves: [] }); // unfinished board: void

    const { playId, pairs } = await playMemory(c);
    const finish = await c.post('/api/games/memory/finish', { playId, moves: pairs, score: 1000 });
    expect(finish.body).toMatchObject({ game: 'memory', score: 100, maxScore: 100, moves: 6, saved: true });
    expect(finish.body.badges).toContain('sharp-memory');
  });

  it('ignores a click on a face-up card and counts a mismatch as a move', async () => {
    const c = await t.member('memory_clumsy');
    const { playId } = (await c.post('/api/games/memory/start')).body;
    await c.post('/api/games/memory/step', { playId, card: 3 });
    expect((await c.post('/api/games/memory/step', { playId, card: 3 })).body).toMatchObject({ outcome: 'ignored', moves: 0 });
    const played = await playMemory(c, 3);
    expect((await c.post('/api/games/memory/finish', { playId: played.playId })).body).toMatchObject({ moves: 9, score: 85 });
  });

  it('scores nothing for moves that were never played', async () => {
    const c = await t.member('memory_forger');
    const { playId, pairs } = await playMemory(c, 2);
    const forged = await c.post('/api/games/memory/finish', { playId, moves: pairs.slice(2) });
    expect(forged.status).toBe(400);
    expect(await scoresOf('memory_forger')).toEqual([]);
    expect((await c.post('/api/games/memory/finish', { playId, moves: pairs })).status).toBe(409);
  });
});

describe('word scramble', () => {
  it('deals five scrambled words, compares guesses upper-cased and scores them', async () => {
    const c = await t.member('scrambler');
    const start = await c.post('/api/games/scramble/start');
    const { playId, words } = start.body;
    expect(words).toHaveLength(5);
    const deal = await dealOf<{ words: { word: string; scrambled: string }[] }>(playId);
    for (const [i, w] of words.entries()) {
      expect(w.scrambled).toBe(deal.words[i]!.scrambled);
      expect(w.scrambled).not.toBe(deal.words[i]!.word);
      expect(JSON.stringify(start.body)).not.toContain(`"${deal.words[i]!.word}"`);
    }
    const guesses = deal.words.map((w, i) => (i === 4 ? 'nope' : w.word.toLowerCase()));
    for (const [word, guess] of guesses.entries()) {
      expect((await c.post('/api/games/scramble/step', { playId, word, guess })).body).toEqual({ correct: word !== 4, answer: deal.words[word]!.word });
    }
    expect((await c.post('/api/games/scramble/finish', { playId, answers: guesses })).body).toMatchObject({ score: 4, maxScore: 5, saved: true });
  });

  it('scores nothing when the finish claims other guesses', async () => {
    const c = await t.member('scramble_cheat');
    const { playId } = (await c.post('/api/games/scramble/start')).body;
    const deal = await dealOf<{ words: { word: string }[] }>(playId);
    for (let word = 0; word < 5; word++) await c.post('/api/games/scramble/step', { playId, word, guess: 'WRONG' });
    expect((await c.post('/api/games/scramble/finish', { playId, answers: deal.words.map((w) => w.word) })).status).toBe(400);
    expect(await scoresOf('scramble_cheat')).toEqual([]);
  });
});

describe('the registry reads a stored play through its game’s schema', () => {
  it('ends a play whose stored deal no longer reads with a clear 409, never a 500', async () => {
    const c = await t.member('memory_corrupted');
    const { playId } = (await c.post('/api/games/memory/start')).body;
    await t.testDb.db.update(gamePlays).set({ deal: { faces: 'not a list' } }).where(eq(gamePlays.id, playId));
    const step = await c.post('/api/games/memory/step', { playId, card: 0 });
    expect([step.status, step.body.message]).toEqual([409, 'This game can no longer be played. Start a new game.']);
  });
});

describe('visitors', () => {
  it('play the same games, but their plays and scores are not stored', async () => {
    const visitor = browserClient(t.app.base);
    const before = (await t.testDb.db.select().from(gameScores)).length;
    const { playId, answers } = await playQuiz(visitor);
    const finish = await visitor.post('/api/games/quiz/finish', { playId, answers });
    expect(finish.body).toEqual({ game: 'quiz', score: 5, maxScore: 5, correct: 5, moves: null, saved: false, badges: null });
    expect(await t.testDb.db.select().from(gamePlays).where(eq(gamePlays.id, playId))).toEqual([]);
    expect((await t.testDb.db.select().from(gameScores)).length).toBe(before);
    expect((await visitor.get('/api/games/badges')).status).toBe(401);
  });

  it('learn when a game is unknown', async () => {
    expect((await browserClient(t.app.base).post('/api/games/chess/start')).status).toBe(404);
  });
});

describe('the leaderboard', () => {
  it('ranks each member\'s best real score, shows names and avatars only, and the caller\'s own rank', async () => {
    const ranked: Client[] = [];
    for (const [i, name] of ['lb_first', 'lb_second', 'lb_third'].entries()) {
      const c = await t.member(name);
      await t.testDb.db.update(users).set({ displayName: `Player ${i + 1}`, avatarUrl: i === 0 ? '/media/p1.png' : null }).where(eq(users.username, name));
      const { playId } = await playMemory(c, i);
      await c.post('/api/games/memory/finish', { playId });
      ranked.push(c);
    }
    // A worse second game does not replace the first's best.
    const again = await playMemory(ranked[0]!, 5);
    await ranked[0]!.post('/api/games/memory/finish', { playId: again.playId });

    const board = await ranked[2]!.get('/api/games/leaderboard?game=memory&period=week');
    expect(board.status).toBe(200);
    const mine = board.body.entries.filter((e: { displayName: string }) => e.displayName.startsWith('Player '));
    expect(mine.map((e: { displayName: string; moves: number }) => [e.displayName, e.moves])).toEqual([['Player 1', 6], ['Player 2', 7], ['Player 3', 8]]);
    expect(mine[0]).toMatchObject({ avatarUrl: '/media/p1.png', score: 100, maxScore: 100 });
    expect(JSON.stringify(board.body)).not.toMatch(/lb_|@example\.com/);
    const rankOfThird = board.body.entries.find((e: { displayName: string }) => e.displayName === 'Player 3').rank;
    expect(board.body.me).toMatchObject({ rank: rankOfThird, score: 90, moves: 8 });

    expect((await browserClient(t.app.base).get('/api/games/leaderboard?game=memory&period=all')).body.me).toBeNull();
    expect((await browserClient(t.app.base).get('/api/games/leaderboard?game=golf')).status).toBe(400);
  });

  it('hides members who deleted their accounts, and counts only the period asked for', async () => {
    const c = await t.member('lb_leaver');
    await t.testDb.db.update(users).set({ displayName: 'Leaving Soon' }).where(eq(users.username, 'lb_leaver'));
    const { playId } = await playMemory(c);
    await c.post('/api/games/memory/finish', { playId });
    const names = async (period: string) => (await browserClient(t.app.base).get(`/api/games/leaderboard?game=memory&period=${period}`)).body.entries.map((e: { displayName: string }) => e.displayName);
    expect(await names('all')).toContain('Leaving Soon');

    const [u] = await t.testDb.db.select().from(users).where(eq(users.username, 'lb_leaver'));
    await t.testDb.db.update(gameScores).set({ playedAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(gameScores.userId, u!.id));
    expect(await names('week')).not.toContain('Leaving Soon');
    expect(await names('all')).toContain('Leaving Soon');

    await t.testDb.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, u!.id));
    expect(await names('all')).not.toContain('Leaving Soon');
    await t.testDb.db.update(users).set({ deletedAt: null }).where(eq(users.id, u!.id));
    expect(await names('all')).toContain('Leaving Soon');
    await t.testDb.db.delete(users).where(eq(users.id, u!.id));
    expect(await names('all')).not.toContain('Leaving Soon');
  });
});

describe('badges', () => {
  it('are earned from stored scores only', async () => {
    const c = await t.member('badge_hunter');
    expect((await c.get('/api/games/badges')).body).toEqual({ earned: [] });
    const played = await playQuiz(c, (x) => (x + 1) % 4);
    await c.post('/api/games/quiz/finish', { playId: played.playId });
    expect((await c.get('/api/games/badges')).body).toEqual({ earned: ['first-game'] });
  });
});
