/**
 * Site generators' template tags cannot be rendered here (they need the old site's templates),
 * and must never be shown raw. Code blocks written with a highlight tag become fenced code;
 * comments and everything else are removed, and the caller is told which tags went.
 */
export function stripGeneratorTags(markdown: string): { text: string; removed: string[] } {
  const removed = new Set<string>();
  let text = markdown
    // Liquid/Nunjucks comments and Hugo's {{/* */}} comments vanish with their content.
    .replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, '')
    .replace(/\{\{<?\s*\/\*[\s\S]*?\*\/\s*>?\}\}/g, '')
    // {% highlight ruby %}…{% endhighlight %} and {{< highlight go >}}…{{< /highlight >}} are code blocks.
    .replace(/\{%-?\s*highlight\s+([\w+-]+)[^%]*%\}[ \t]*\r?\n?/g, '\n```$1\n')
    .replace(/\r?\n?\{%-?\s*endhighlight\s*-?%\}/g, '\n```\n')
    .replace(/\{\{[<%]\s*highlight\s+([\w+-]+)[^>%]*[>%]\}\}[ \t]*\r?\n?/g, '\n```$1\n')
    .replace(/\r?\n?\{\{[<%]\s*\/highlight\s*[>%]\}\}/g, '\n```\n')
    // {% raw %} only escapes: keep what it wraps.
    .replace(/\{%-?\s*(?:end)?raw\s*-?%\}/g, '');
  text = text
    .replace(/\{\{[<%]\s*(\/?[\w.-]+)[\s\S]*?[>%]\}\}/g, (_m, name: string) => {
      if (!name.startsWith('/')) removed.add(`{{< ${name} >}}`);
      return '';
    })
    .replace(/\{%-?\s*([\w.-]+)[\s\S]*?-?%\}/g, (_m, name: string) => {
      if (!name.startsWith('end')) removed.add(`{% ${name} %}`);
      return '';
    })
    .replace(/\{\{-?\s*([\w.$-]+)?[\s\S]*?-?\}\}/g, (_m, name?: string) => {
      removed.add(`{{ ${name ?? '…'} }}`);
      return '';
    });
  return { text, removed: [...removed] };
}

// WordPress's own shortcodes (and the commonest plugins'), removed even without attributes.
const WORDPRESS_SHORTCODES = 'caption|wp_caption|gallery|embed|audio|video|playlist|contact-form|contact-form-7|youtube|vimeo|soundcloud|tweet|twitter|instagram|gist|googlemaps|button|column|columns|row|toc|sourcecode|code';

/**
 * WordPress shortcodes ([gallery ids="1,2"], [caption]…[/caption]) are removed; a caption or an
 * embed keeps its inner text. Bracketed prose ("[sic]", "[1]") is left alone: only known names,
 * names that are closed later, and brackets with attributes are taken for shortcodes.
 */
export function stripWordPressShortcodes(html: string): { text: string; removed: string[] } {
  const removed = new Set<string>();
  const closed = new Set([...html.matchAll(/\[\/([a-z][\w-]*)\]/gi)].map((m) => m[1]!.toLowerCase()));
  const known = new RegExp(`^(?:${WORDPRESS_SHORTCODES})$`, 'i');
  const text = html.replace(/\[(\/?)([a-z][\w-]*)((?:\s[^\]]*)?)\]/gi, (whole, slash: string, name: string, attrs: string) => {
    const lower = name.toLowerCase();
    if (!(known.test(lower) || closed.has(lower) || /=/.test(attrs))) return whole;
    if (!slash) removed.add(`[${lower}]`);
    return '';
  });
  return { text, removed: [...removed] };
}

/** The warning that goes with removed tags. */
export function removedTagsNote(removed: string[]): string[] {
  return removed.length ? [`Removed template tags that cannot be shown here: ${removed.slice(0, 5).join(', ')}${removed.length > 5 ? ` and ${removed.length - 5} more` : ''}`] : [];
}
