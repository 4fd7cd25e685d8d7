/**
 * The seven Self Help Studies (spec 02 §2), written for this site. Their intro videos stand in for
 * the studio's channel (made-up ids, like the seeded videos) until editors link the real ones.
 */
export type SeedStudyResource = { title: string; description: string; externalId: string; isPremium: boolean; colour: string; icon: string };

export const seedStudyResources: SeedStudyResource[] = [
  { title: 'Building Habits That Stick', description: 'A four-week study of tiny habits: pick one, anchor it to something you already do, track it on paper and recover quickly when you miss a day.', externalId: 'bss0101habt', isPremium: false, colour: '#4f46e5', icon: 'calendar-check' },
  { title: 'Calm in Ten Minutes a Day', description: 'Short breathing and attention exercises for busy people, with a simple log to notice what changes in your sleep and mood over two weeks.', externalId: 'bss0102calm', isPremium: false, colour: '#0891b2', icon: 'heart-pulse' },
  { title: 'Money Confidence Basics', description: 'Track a month of spending without judgement, build a zero-based budget and start an emergency fund, one worksheet at a time.', externalId: 'bss0103mony', isPremium: false, colour: '#059669', icon: 'wallet' },
  { title: 'Speaking Up With Confidence', description: 'Practise saying what you think in meetings and at home: three phrases, a weekly challenge and a reflection page for what you learned.', externalId: 'bss0104spek', isPremium: false, colour: '#d97706', icon: 'sparkles' },
  { title: 'Deep Work Sprint', description: 'A two-week experiment in focused work: design distraction-free blocks, measure what you finish and keep the routines that pay off.', externalId: 'bss0105work', isPremium: true, colour: '#7c3aed', icon: 'clock' },
  { title: 'Resilience After Setbacks', description: 'A guided study on bouncing back: name what happened, separate facts from stories, and plan the next small step with support around you.', externalId: 'bss0106resl', isPremium: true, colour: '#be123c', icon: 'mountain' },
  { title: 'Designing Your Ideal Week', description: 'Map where your time goes today, decide what matters most, and build a week on paper that leaves room for rest, people and play.', externalId: 'bss0107week', isPremium: true, colour: '#0f766e', icon: 'calendar-days' },
];
