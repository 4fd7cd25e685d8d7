import { calloutMarkdown, includeNotice, kramdownNotices, shortcodeNotice } from './notice-callouts.ts';

// Code, where every character is kept as written: fenced and indented Markdown code, inline code,
// HTML <pre> and <code>. Tags inside are text (a post about Liquid shows its Liquid).
const CODE = /^[ \t]{0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]{0,3}\1[`~]*[ \t]*$|(?![\s\S]))|(?:^|\n)[ \t]*\n((?: {4}|\t)[^\n]*(?:\n(?:(?: {4}|\t)[^\n]*|[ \t]*(?=\n)))*)|(`+)[^`\n](?:[^\n]*?[^`\n])?\3(?!`)|<pre\b[\s\S]*?<\/pre>|<code\b[\s\S]*?<\/code>/gm;
// A Hugo shortcode opened and closed again, by the same name: `{{% alert … %}}…{{% /alert %}}`, `{{< notice tip >}}…{{< /notice >}}`.
const NOTICE_PAIR = /\{\{[<%]\s*([\w-]+)\b([^}]*?)[>%]\}\}([\s\S]*?)\{\{[<%]\s*\/\1\s*[>%]\}\}/g;
const RAW = /\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}/g;
// A run of private-use characters marks a kept piece while the prose around it is worked on.
const KEEP = (i: number) => `\uE000${i}\uE001`;
const KEPT = /\uE000(\d+)\uE001/g;

/** `key="value"`, `key='value'`, `key=value` and bare "values" of a tag, in order. */
function tagArguments(text: string): { named: Record<string, string>; bare: string[] } {
  const named: Record<string, string> = {};
  const bare: string[] = [];
  for (const m of text.matchAll(/([\w-]+)\s*[=:]\s*(?:"([^"]*)"|'([^']*)'|([^\s"',]+))|"([^"]*)"|'([^']*)'|([^\s"',]+)/g)) {
    if (m[1]) named[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
    else bare.push(m[5] ?? m[6] ?? m[7] ?? '');
  }
  return { named, bare };
}

const videoUrl = (provider: string, id: string) =>
  /^https?:\/\//.test(id) ? id : provider.startsWith('vimeo') ? `https://vimeo.com/${id}` : `https://www.youtube.com/watch?v=${id}`;
const markdownPicture = (src: string, alt = '', caption = '') => `\n\n![${alt.replace(/[[\]]/g, '')}](<${src}>${caption ? ` "${caption.replace(/"/g, '\\"')}"` : ''})\n\n`;

/** A highlight tag's language: its first bare argument (Jekyll, Hugo) or `lang="…"`; none is plain text. */
function highlightLanguage(args: string): string {
  const { named, bare } = tagArguments(args);
  return (named.lang ?? bare.find((b) => !b.includes('=')) ?? '').replace(/[^\w+#-]/g, '');
}

/** A tag this import can show: a video (an embed), a picture (with its caption), a link to another post. Null: removed. */
function translate(name: string, args: string): string | null {
  const { named, bare } = tagArguments(args);
  const lower = name.toLowerCase();
  if (/^(youtube|youtube-nocookie|vimeo)$/.test(lower)) {
    const id = named.id ?? named.src ?? named.url ?? bare[0];
    return id ? `\n\n${videoUrl(lower, id)}\n\n` : null;
  }
  if (/^(figure|img|image|picture)$/.test(lower) || (lower === 'include' && /^figure/.test(bare[0] ?? ''))) {
    const rest = lower === 'include' ? bare.slice(1) : bare.filter((b) => !/^(left|right|center|\d+)$/.test(b));
    const src = named.src ?? named.image_path ?? named.image ?? named.url ?? named.file ?? rest[0];
    if (!src) return null;
    return markdownPicture(src, named.alt ?? rest[1] ?? '', named.caption ?? named.title ?? '');
  }
  if (lower === 'include') {
    const notice = includeNotice({ named, bare });
    if (notice) return notice;
  }
  // Jekyll's {% post_url 2020-01-02-name %} and Hugo's {{< ref "posts/name.md" >}}: the post's file name, matched to its new page by the importer.
  if (lower === 'post_url' || lower === 'ref' || lower === 'relref') {
    const target = (named.path ?? bare[0] ?? '').split('#')[0]!;
    const stem = target.split('/').pop()!.replace(/\.\w+$/, '').replace(/^index$/, target.split('/').slice(-2, -1)[0] ?? '');
    return stem ? `/${stem}` : null;
  }
  return null;
}

/**
 * Site generators' template tags cannot be rendered here (they need the old site's templates) and
 * must never be shown raw. Those with a meaning here are translated (issue 40): videos
 * (`{% youtube %}`, `{{< youtube >}}`, `{{< vimeo >}}`) become their address on a line (an embed),
 * pictures (`{{< figure >}}`, `{% figure %}`, `{% include figure … %}`, `{% img %}`, `{% image %}`)
 * Markdown pictures with their caption, links to posts (`{% post_url %}`, `{{< ref >}}`) the post's
 * file name; highlight tags become fenced code; `{{ site.baseurl }}` and `| relative_url` leave
 * the address. Comments and everything else are removed, and the caller is told which tags went.
 * Code (fenced, indented, inline, <pre>) and what `{% raw %}` wraps are kept exactly as written.
 */
export function stripGeneratorTags(markdown: string): { text: string; removed: string[] } {
  const removed = new Set<string>();
  const kept: string[] = [];
  const keep = (piece: string) => KEEP(kept.push(piece) - 1);
  const restore = (t: string) => {
    for (let i = 0; i < 3 && /\uE000\d+\uE001/.test(t); i++) t = t.replace(KEPT, (_m, n: string) => kept[Number(n)]!);
    return t;
  };
  // A highlight tag's code as a fence longer than any run of backticks in it, so no line of it ends the fence.
  const fenced = (lang: string, code: string) => {
    const fence = '`'.repeat(Math.max(3, ...[...restore(code).matchAll(/`+/g)].map((m) => m[0].length + 1)));
    return `\n${keep(`${fence}${lang}\n${restore(code)}\n${fence}`)}\n`;
  };
  let text = markdown
    // Code first: a post about Jekyll or Hugo shows its highlight tags as written.
    .replace(CODE, (piece) => keep(piece))
    // Display mathematics too: TeX's braces (`x^{{2}}`) are no template tags.
    .replace(/\$\$[\s\S]+?\$\$/g, (piece) => keep(piece))
    // {% highlight ruby linenos %}…{% endhighlight %} and {{< highlight go "linenos=table" >}}…{{< /highlight >}}
    // (also {{< highlight lang="go" >}}, and without a language) are code blocks.
    .replace(/\{%-?\s*highlight\b([^%]*)-?%\}[ \t]*\r?\n?([\s\S]*?)\r?\n?\{%-?\s*endhighlight\s*-?%\}/g, (_m, args: string, code: string) => fenced(highlightLanguage(args), code))
    .replace(/\{\{[<%]\s*highlight\b([\s\S]*?)[>%]\}\}[ \t]*\r?\n?([\s\S]*?)\r?\n?\{\{[<%]\s*\/highlight\s*[>%]\}\}/g, (_m, args: string, code: string) => fenced(highlightLanguage(args), code))
    // {% raw %} only escapes: keep what it wraps, as written.
    .replace(RAW, (_m, inner: string) => keep(inner))
    // Liquid/Nunjucks comments and Hugo's {{/* */}} comments vanish with their content.
    .replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, '')
    .replace(/\{\{<?\s*\/\*[\s\S]*?\*\/\s*>?\}\}/g, '')
    // An address written through the site's base: the address.
    .replace(/\{\{-?\s*["']([^"']*)["']\s*\|\s*(?:relative_url|absolute_url|prepend:\s*site\.baseurl)\s*-?\}\}/g, '$1')
    .replace(/\{\{-?\s*(?:site\.(?:baseurl|url)|base_path|baseurl)\s*-?\}\}/g, '')
    // Notices, opened and closed ({{% alert title="…" %}}…{{% /alert %}}), are callouts with their title; the tags inside are read below.
    .replace(NOTICE_PAIR, (whole, name: string, args: string, inner: string) => {
      const notice = shortcodeNotice(name, tagArguments(args));
      return notice ? calloutMarkdown(notice.variant, notice.title, inner) : whole;
    });
  text = kramdownNotices(text)
    .replace(/\{\{[<%]\s*(\/?[\w.-]+)([\s\S]*?)[>%]\}\}/g, (_m, name: string, args: string) => {
      if (name.startsWith('/')) return '';
      const translated = translate(name, args);
      if (translated === null) removed.add(`{{< ${name} >}}`);
      return translated ?? '';
    })
    .replace(/\{%-?\s*([\w.-]+)([\s\S]*?)-?%\}/g, (_m, name: string, args: string) => {
      if (name.startsWith('end')) return '';
      const translated = translate(name, args);
      if (translated === null) removed.add(`{% ${name} %}`);
      return translated ?? '';
    })
    .replace(/\{\{-?\s*([\w.$-]+)?[\s\S]*?-?\}\}/g, (_m, name?: string) => {
      removed.add(`{{ ${name ?? '…'} }}`);
      return '';
    });
  // Kept pieces go back last; a kept piece may hold another (raw inside a fence, code inside a highlight tag).
  return { text: restore(text), removed: [...removed] };
}

// WordPress's own shortcodes (and the commonest plugins'), removed even without attributes.
const WORDPRESS_SHORTCODES = 'caption|wp_caption|gallery|embed|audio|video|playlist|contact-form|contact-form-7|youtube|vimeo|soundcloud|tweet|twitter|instagram|gist|googlemaps|button|column|columns|row|toc|sourcecode|code';

// SyntaxHighlighter Evolved's shortcodes (its documentation's list of brushes and their aliases:
// `[php]…[/php]`, `[csharp]…[/csharp]`) besides the generic `[sourcecode language=…]`, `[code lang=…]`
// and `[source]` that it, WordPress.com and the other highlighter plugins take. Each is code only
// when it is closed. Longer names first, so an alternative is never cut short.
const SYNTAX_HIGHLIGHTER_BRUSHES = [
  'actionscript3', 'as3', 'bash', 'shell', 'coldfusion', 'cf', 'clojure', 'clj', 'cpp', 'c', 'c-sharp', 'csharp', 'css', 'delphi', 'pascal', 'pas',
  'diff', 'patch', 'erlang', 'erl', 'fsharp', 'golang', 'go', 'groovy', 'haskell', 'javafx', 'jfx', 'java', 'javascript', 'jscript', 'js', 'latex', 'tex',
  'matlab', 'objc', 'obj-c', 'perl', 'pl', 'php', 'plain', 'text', 'powershell', 'ps', 'python', 'py', 'r', 'splus', 'rails', 'ror', 'ruby', 'rb',
  'scala', 'sql', 'swift', 'vbnet', 'vb', 'xhtml', 'xslt', 'xml', 'html', 'yaml', 'yml', 'markdown', 'md', 'json', 'typescript', 'ts', 'kotlin', 'rust', 'docker',
];
const CODE_SHORTCODE = new RegExp(
  `\\[(sourcecode|source|code|${[...SYNTAX_HIGHLIGHTER_BRUSHES].sort((a, b) => b.length - a.length).map((b) => b.replace(/-/g, '\\-')).join('|')})((?:\\s[^\\]]*)?)\\]([\\s\\S]*?)\\[\\/\\1\\]`,
  'gi',
);

/** Raw angle brackets in a code shortcode's body are text (the highlighter plugins store code as typed); entities stay as they are. */
const codeText = (code: string) => code.replace(/^\r?\n/, '').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** A video on a paragraph of its own: the body's converter makes it an embed (YouTube, Vimeo) or keeps it a link. */
const videoParagraph = (url: string) => `<p><a href="${escapeAttribute(url)}">${escapeAttribute(url)}</a></p>`;

/**
 * WordPress shortcodes. Those with a meaning here are translated (issue 40): the highlighter
 * plugins' code (`[code lang="js"]…[/code]`, `[sourcecode language="python"]…[/sourcecode]`,
 * SyntaxHighlighter's `[php]…[/php]` for each of its brushes: issue 49 #2) is a code block with its
 * language; `[caption]` around a picture is a figure with its caption;
 * `[embed]URL[/embed]`, `[youtube URL]`, `[vimeo ID]` and `[video src=…]` are the video's address on
 * a paragraph (an embed). Others ([gallery ids="1,2"], [contact-form]) are removed, a caption
 * without a picture keeping its text. Code (`<pre>`, `<code>`) keeps every shortcode as written.
 * Bracketed prose ("[sic]", "[1]") is left alone: only known names, names that are closed later,
 * and brackets with attributes are taken for shortcodes.
 */
export function stripWordPressShortcodes(html: string): { text: string; removed: string[] } {
  const removed = new Set<string>();
  const kept: string[] = [];
  const keep = (piece: string) => KEEP(kept.push(piece) - 1);
  let text = html
    .replace(CODE_SHORTCODE, (_m, name: string, attrs: string, code: string) => {
      const { named, bare } = tagArguments(attrs);
      const generic = /^(sourcecode|code|source)$/i.test(name);
      const lang = (named.language ?? named.lang ?? (generic ? bare[0] : name) ?? '').toLowerCase().replace(/[^\w+#-]/g, '');
      return keep(`<pre><code${lang ? ` class="language-${lang}"` : ''}>${codeText(code)}</code></pre>`);
    })
    .replace(/<pre\b[\s\S]*?<\/pre>|<code\b[\s\S]*?<\/code>/gi, (piece) => keep(piece))
    .replace(/\[(?:wp_)?caption\b[^\]]*\]([\s\S]*?)\[\/(?:wp_)?caption\]/gi, (_m, inner: string) => {
      const picture = /(<a\b[^>]*>\s*)?(<img\b[^>]*>)(\s*<\/a>)?/i.exec(inner);
      if (!picture) return inner;
      const caption = inner.replace(picture[0], '').trim();
      return keep(`<figure>${picture[2]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`);
    })
    .replace(/\[embed\b[^\]]*\]\s*(https?:\/\/[^\s"<[\]]+)\s*\[\/embed\]/gi, (_m, url: string) => keep(videoParagraph(url)))
    .replace(/\[(youtube|vimeo)[\s=]+["']?([^\s"'\]]+)["']?[^\]]*\]/gi, (_m, provider: string, id: string) => keep(videoParagraph(videoUrl(provider.toLowerCase(), id))))
    .replace(/\[video\b[^\]]*?\b(?:src|mp4|webm|youtube)\s*=\s*["']?(https?:\/\/[^\s"'\]]+)["']?[^\]]*\](?:\s*\[\/video\])?/gi, (_m, url: string) => keep(videoParagraph(url)));
  const closed = new Set([...text.matchAll(/\[\/([a-z][\w-]*)\]/gi)].map((m) => m[1]!.toLowerCase()));
  const known = new RegExp(`^(?:${WORDPRESS_SHORTCODES})$`, 'i');
  text = text.replace(/\[(\/?)([a-z][\w-]*)((?:\s[^\]]*)?)\]/gi, (whole, slash: string, name: string, attrs: string) => {
    const lower = name.toLowerCase();
    if (!(known.test(lower) || closed.has(lower) || /=/.test(attrs))) return whole;
    if (!slash) removed.add(`[${lower}]`);
    return '';
  });
  return { text: text.replace(KEPT, (_m, n: string) => kept[Number(n)]!), removed: [...removed] };
}

/** The warning that goes with removed tags. */
export function removedTagsNote(removed: string[]): string[] {
  return removed.length ? [`Removed template tags that cannot be shown here: ${removed.slice(0, 5).join(', ')}${removed.length > 5 ? ` and ${removed.length - 5} more` : ''}`] : [];
}
