import { videoEmbed } from '@app/shared/server';
import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from './security-headers.ts';

const imgSrc = (env: NodeJS.ProcessEnv) => pageContentSecurityPolicy([], env).split('; ').find((d) => d.startsWith('img-src '))!.split(' ').slice(1);

describe('the pages’ img-src (issue 34)', () => {
  it('loads no picture from a host we do not name: a member’s own server never sees our visitors', () => {
    const sources = imgSrc({});
    expect(sources).not.toContain('https:');
    expect(sources).not.toContain('http:');
    expect(sources.filter((s) => s.includes('*'))).toEqual(['https://*.d-id.com', 'https://*.stripe.com']);
  });

  it('keeps our own media, YouTube thumbnails and the AI presenters’ pictures', () => {
    expect(imgSrc({})).toEqual(["'self'", 'data:', 'https://i.ytimg.com', 'https://*.d-id.com', 'https://*.stripe.com']);
  });

  it('allows the media bucket’s origin when avatars live in S3', () => {
    expect(imgSrc({ MEDIA_S3_PUBLIC_URL: 'https://cdn.example.net/avatars-bucket/' })).toContain('https://cdn.example.net');
  });
});

describe('the pages’ frame-src (issue 40)', () => {
  const frameSrc = pageContentSecurityPolicy([], {}).split('; ').find((d) => d.startsWith('frame-src '))!.split(' ').slice(1);

  it('lets in the players a body’s video embeds load (YouTube without cookies, Vimeo without tracking), not the video sites themselves', () => {
    for (const url of ['https://www.youtube.com/watch?v=abcdefghijk', 'https://vimeo.com/76979871']) expect(frameSrc).toContain(new URL(videoEmbed(url)!.playerUrl).origin);
    expect(frameSrc).not.toContain('https://www.youtube.com');
    expect(frameSrc).not.toContain('https://vimeo.com');
  });
});
