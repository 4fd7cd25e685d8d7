import { describe, expect, it } from 'vitest';
import { backyardSlug } from './backyard.ts';
import { guardFor } from './route-guards.ts';

describe('the backyard slug rule', () => {
  it.each([
    ['Build a Bird Feeder', 'build-a-bird-feeder'],
    ['Stargazing: Find the Big Dipper!', 'stargazing-find-the-big-dipper'],
    ['Rain Gauge & Weather Log', 'rain-gauge-weather-log'],
    ['  ...Leading and trailing!!  ', 'leading-and-trailing'],
    ['Café Garden Crêpes', 'cafe-garden-crepes'],
    ['Over---the   top', 'over-the-top'],
    ['10-Minute Nature Walk (Kids & Adults)', '10-minute-nature-walk-kids-adults'],
    ["Grandma's Herb Spiral", 'grandma-s-herb-spiral'],
    ['UPPER lower', 'upper-lower'],
    ['Straße im Hof', 'straße-im-hof'],
    ['?!', ''],
  ])('%j → %j', (title, slug) => {
    expect(backyardSlug(title)).toBe(slug);
  });
});

describe('the backyard route guard', () => {
  it('asks for Pro on an article, not on the list', () => {
    expect(guardFor('/fun-and-games/backyard/build-a-bird-feeder')).toEqual({ kind: 'tier', tier: 'pro' });
    expect(guardFor('/fun-and-games/backyard')).toBeNull();
    expect(guardFor('/fun-and-games/backyard/')).toBeNull();
    expect(guardFor('/fun-and-games')).toBeNull();
  });
});
