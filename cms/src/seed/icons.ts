// The line icons drawn on seed images (Lucide, shipped as SVG strings by lucide-static).
import {
  BookOpen, Calculator, CalendarCheck, CalendarDays, ChefHat, CirclePlay, Clock, Coffee, Flame, Gem, GlassWater, HeartHandshake,
  HeartPulse, Mountain, NotebookPen, Palette, Plane, Shirt, ShoppingBag, Sparkles, Sprout, Sun, Wallet,
} from 'lucide-static';

export const seedIcons: Record<string, string> = {
  'book-open': BookOpen, calculator: Calculator, 'calendar-check': CalendarCheck, 'calendar-days': CalendarDays, 'chef-hat': ChefHat,
  'circle-play': CirclePlay, clock: Clock, coffee: Coffee, flame: Flame, gem: Gem, 'glass-water': GlassWater, 'heart-handshake': HeartHandshake,
  'heart-pulse': HeartPulse, mountain: Mountain, 'notebook-pen': NotebookPen, palette: Palette, plane: Plane, shirt: Shirt,
  'shopping-bag': ShoppingBag, sparkles: Sparkles, sprout: Sprout, sun: Sun, wallet: Wallet,
  // Lucide has no baseball cap: a crown, its seams and a brim, in the same 24-unit line style.
  cap: '<svg viewBox="0 0 24 24"><path d="M3.5 15.5a8.5 8.5 0 0 1 17 0z"/><path d="M12 7v8.5"/><path d="M8 8.2c-1 2-1.3 4.6-1.2 7.3"/><path d="M3 15.5h15.5c2.5 0 4.5 1 4.5 2.3H5.3C4 17.8 3 16.8 3 15.5z"/><circle cx="12" cy="6.6" r="0.7"/></svg>',
};
