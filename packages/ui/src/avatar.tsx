import { initials } from '@app/shared/browser';

const SIZES = { xs: 'h-6 w-6 text-[10px]', sm: 'h-8 w-8 text-xs', md: 'h-9 w-9 text-sm', xl: 'h-24 w-24 text-3xl' } as const;

/**
 * A member's picture, or their initials when they have none (and nothing for a blank name). The
 * picture is decorative: the name is always written beside it.
 */
export function Avatar({ name, url, size = 'md', className = '' }: { name: string; url: string | null | undefined; size?: keyof typeof SIZES; className?: string }) {
  const box = `${SIZES[size]} shrink-0 rounded-full ${className}`;
  if (url) return <img src={url} alt="" className={`${box} bg-slate-200 object-cover`} loading="lazy" decoding="async" referrerPolicy="no-referrer" />;
  return <span className={`${box} flex items-center justify-center bg-brand-600 font-bold text-white`} aria-hidden="true">{initials(name)}</span>;
}
