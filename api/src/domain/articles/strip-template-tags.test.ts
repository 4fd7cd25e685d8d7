import { describe, expect, it } from 'vitest';
import { stripGeneratorTags, stripWordPressShortcodes } from './strip-template-tags.ts';

describe('WordPress shortcodes', () => {
  it('makes the highlighter plugins’ code a code block with its language, keeping what it holds as text', () => {
    const { text, removed } = stripWordPressShortcodes('<p>Before</p>\n[sourcecode language="python"]\nif a < b and [x] == [y]:\n    print("[gallery]")\n[/sourcecode]\n[code lang=js]let s = "&lt;b&gt;";[/code]');
    expect(text).toBe('<p>Before</p>\n<pre><code class="language-python">if a &lt; b and [x] == [y]:\n    print("[gallery]")\n</code></pre>\n<pre><code class="language-js">let s = "&lt;b&gt;";</code></pre>');
    expect(removed).toEqual([]);
  });

  it('keeps shortcodes written inside <pre> and <code> as they are', () => {
    const html = '<p>Use <code>[gallery ids="1,2"]</code> like this:</p><pre class="wp-block-code"><code>[caption id="x"]Text[/caption]\n[contact-form]</code></pre><p>[gallery ids="3"]</p>';
    const { text, removed } = stripWordPressShortcodes(html);
    expect(text).toBe('<p>Use <code>[gallery ids="1,2"]</code> like this:</p><pre class="wp-block-code"><code>[caption id="x"]Text[/caption]\n[contact-form]</code></pre><p></p>');
    expect(removed).toEqual(['[gallery]']);
  });

  it('makes a captioned picture a figure, and a caption without one its text', () => {
    const { text } = stripWordPressShortcodes(
      '[caption id="attachment_5" align="aligncenter" width="600"]<a href="/lake.jpg"><img src="/wp-content/uploads/lake.jpg" alt="A lake" width="600" /></a> Dawn at the <em>lake</em>[/caption][caption]Only words[/caption]',
    );
    expect(text).toBe('<figure><img src="/wp-content/uploads/lake.jpg" alt="A lake" width="600" /><figcaption>Dawn at the <em>lake</em></figcaption></figure>Only words');
  });

  it('makes embeds and video shortcodes the video’s address on a paragraph of its own', () => {
    const { text, removed } = stripWordPressShortcodes('[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed][youtube https://youtu.be/abcdefghijk][youtube=https://www.youtube.com/watch?v=zzzzzzzzzzz&w=640][vimeo 76979871][video width="640" mp4="https://cdn.example/v.mp4"][/video]');
    expect(text).toBe(
      [
        '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>',
        '<p><a href="https://youtu.be/abcdefghijk">https://youtu.be/abcdefghijk</a></p>',
        '<p><a href="https://www.youtube.com/watch?v=zzzzzzzzzzz&amp;w=640">https://www.youtube.com/watch?v=zzzzzzzzzzz&amp;w=640</a></p>',
        '<p><a href="https://vimeo.com/76979871">https://vimeo.com/76979871</a></p>',
        '<p><a href="https://cdn.example/v.mp4">https://cdn.example/v.mp4</a></p>',
      ].join(''),
    );
    expect(removed).toEqual([]);
  });

  it('leaves bracketed prose alone', () => {
    expect(stripWordPressShortcodes('<p>It was [sic] fine [1].</p>').text).toBe('<p>It was [sic] fine [1].</p>');
  });
});

describe('generator tags in Markdown', () => {
  it('keeps Liquid and shortcodes inside fenced, indented and inline code and {% raw %}', () => {
    const md = 'Text {{ page.title }}\n\n```liquid\n{% for post in site.posts %}{{ post.url }}{% endfor %}\n{{< youtube abc >}}\n```\n\n    {% include x.html %}\n\nInline `{{ site.url }}` and {% raw %}{{ kept }}{% endraw %}.';
    const { text, removed } = stripGeneratorTags(md);
    expect(text).toBe('Text \n\n```liquid\n{% for post in site.posts %}{{ post.url }}{% endfor %}\n{{< youtube abc >}}\n```\n\n    {% include x.html %}\n\nInline `{{ site.url }}` and {{ kept }}.');
    expect(removed).toEqual(['{{ page.title }}']);
  });
});
