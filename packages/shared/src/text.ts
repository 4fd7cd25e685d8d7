/** "backyard-fun_ideas" → "Backyard Fun Ideas": a title for a slug that has none of its own. */
export function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
