import * as lucide from 'lucide-static';

/**
 * A category's icon as inline SVG, by its Lucide name (the CMS's "icon" field, or the known-slug
 * table in @app/shared): the one name every picture of the category is drawn from, so the
 * articles page shows the same icon as the category's pictures. Unknown names get a book.
 */
export function categoryIconSvg(name: string): string {
  const key = name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  const icon = (lucide as unknown as Record<string, unknown>)[key];
  return typeof icon === 'string' && icon.includes('<svg') ? icon : lucide.BookOpen;
}
