import { describe, expect, it } from 'vitest';
import { lexicalText } from './content-nodes.ts';
import { tableNode, TABLE_HEADER } from './rich-text/nodes/table.ts';
import { codeBlockNode, codeLanguage } from './rich-text/blocks/code.ts';
import { videoEmbed } from './rich-text/blocks/embed.ts';

describe('code languages', () => {
  it('reads a fence’s or a class’s language as one the editor offers', () => {
    expect(codeLanguage('ts')).toBe('typescript');
    expect(codeLanguage('language-js')).toBe('javascript');
    expect(codeLanguage('{.python}')).toBe('python');
    expect(codeLanguage('Shell')).toBe('bash');
    expect(codeLanguage('yml')).toBe('yaml');
    expect(codeLanguage('ruby {linenos=true}')).toBe('ruby');
    expect(codeLanguage('rust')).toBe('rust');
  });

  it('keeps code in a language it does not know, or none, as plain text', () => {
    expect(codeLanguage('brainfuck')).toBe('plaintext');
    expect(codeLanguage('')).toBe('plaintext');
    expect(codeLanguage(undefined)).toBe('plaintext');
    expect(codeLanguage('__proto__')).toBe('plaintext');
    expect(codeBlockNode({ language: 'nope', code: 'x', id: 'b1' }).fields).toEqual({ id: 'b1', blockName: '', blockType: 'code', language: 'plaintext', code: 'x' });
  });
});

describe('video embeds', () => {
  it('play YouTube addresses through youtube-nocookie.com and Vimeo’s without tracking', () => {
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toEqual({ provider: 'youtube', providerName: 'YouTube', playerUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0', watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42' });
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ')?.playerUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(videoEmbed('https://youtube.com/shorts/abc_DEF-123')?.playerUrl).toBe('https://www.youtube-nocookie.com/embed/abc_DEF-123?autoplay=1&rel=0');
    expect(videoEmbed(' https://vimeo.com/76979871 ')).toMatchObject({ provider: 'vimeo', playerUrl: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1', watchUrl: 'https://vimeo.com/76979871' });
  });

  it('refuse anything else: other hosts, plain http, look-alikes, addresses without a video', () => {
    for (const url of ['https://example.com/watch?v=abc', 'http://www.youtube.com/watch?v=abc', 'https://youtube.com.evil.example/watch?v=abc', 'https://www.youtube.com/', 'https://vimeo.com/about', 'javascript:alert(1)', '', null]) {
      expect(videoEmbed(url), String(url)).toBeNull();
    }
  });
});

it('a table’s first row becomes its header row when asked', () => {
  const table = tableNode([[[lexicalText('h')]], [[lexicalText('c')]]], { headerRow: true });
  expect(table.children.map((row) => row.children[0]!.headerState)).toEqual([TABLE_HEADER.row, TABLE_HEADER.none]);
  expect(table.children[1]!.children[0]!.children[0]!.children[0]).toMatchObject({ type: 'text', text: 'c' });
});
