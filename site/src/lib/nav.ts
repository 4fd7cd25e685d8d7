export const mainLinks = [
  { href: '/about', label: 'About' },
  { href: '/articles', label: 'Articles' },
  { href: '/videos', label: 'Videos' },
  { href: '/community', label: 'Community' },
  { href: '/self-help-studies', label: 'Self Help Studies' },
  { href: '/fun-and-games', label: 'Fun & Games' },
  { href: '/store', label: 'Store' },
  { href: '/ai-assistant', label: 'AI Assistant' },
] as const;

/** Active link rule from the spec: prefix match, exact match for home. */
export function isActive(href: string, pathname: string): boolean {
  const path = pathname.replace(/\.html$/, '').replace(/\/$/, '') || '/';
  if (href === '/') return path === '/';
  return path === href || path.startsWith(href + '/');
}
