/** An ILIKE pattern that matches `text` anywhere, with LIKE's own characters (\ % _) taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
