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
};
