import { describe, expect, it } from 'vitest';
import { introVideoEmbed } from './studies.ts';

describe('the intro video player', () => {
  it('plays YouTube through youtube-nocookie.com and Vimeo without tracking', () => {
    expect(introVideoEmbed('https://www.youtube.com/watch?v=abc123')).toBe('https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0');
    expect(introVideoEmbed('https://youtu.be/abc123')).toBe('https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0');
    expect(introVideoEmbed('https://www.youtube-nocookie.com/embed/abc123')).toBe('https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0');
    expect(introVideoEmbed('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1');
  });

  it('embeds nothing it cannot name', () => {
    expect(introVideoEmbed(null)).toBeNull();
    expect(introVideoEmbed('not a url')).toBeNull();
    expect(introVideoEmbed('https://www.youtube.com/watch?v=a"b')).toBeNull();
    expect(introVideoEmbed('https://example.com/watch?v=abc')).toBeNull();
  });
});
