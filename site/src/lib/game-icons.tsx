import { BookOpen, Bike, Brain, Clover, Flame, Flower, Layers, Lightbulb, Medal, Palette, PartyPopper, Sprout, Star, Sun, Target, Waves, WholeWord } from 'lucide-static';
import type { Badge, MemorySymbol } from '@app/shared/browser';

/**
 * The games' pictures (memory faces, badges) as SVG the site ships, so every device draws the
 * same thing: emoji depend on the device's fonts and showed as empty boxes in plain Chromium.
 * Only these icons are imported, so the islands carry a few kilobytes, not the whole set.
 */
const ICONS: Record<MemorySymbol | Badge['icon'], string> = {
  sprout: Sprout,
  sun: Sun,
  'book-open': BookOpen,
  flower: Flower,
  target: Target,
  lightbulb: Lightbulb,
  waves: Waves,
  clover: Clover,
  bike: Bike,
  palette: Palette,
  flame: Flame,
  star: Star,
  'party-popper': PartyPopper,
  brain: Brain,
  layers: Layers,
  'whole-word': WholeWord,
  medal: Medal,
};

export const hasGameIcon = (name: string): name is keyof typeof ICONS => Object.hasOwn(ICONS, name);
/** Each icon sized by the surrounding font and hidden from screen readers, made once. */
const SIZED = Object.fromEntries(Object.entries(ICONS).map(([name, svg]) => [name, svg.replace(/width="24"\s+height="24"/, 'width="1em" height="1em" aria-hidden="true" focusable="false"')]));

/** A game icon by name, sized by the surrounding font (1em); decorative: the caller names it in text. */
export function GameIcon({ name, className = '' }: { name: string; className?: string }) {
  if (!hasGameIcon(name)) return null;
  return <span aria-hidden="true" data-icon={name} className={`inline-flex ${className}`} dangerouslySetInnerHTML={{ __html: SIZED[name]! }} />;
}
