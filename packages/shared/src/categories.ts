/**
 * Presentation of category slugs (spec 01 §2): known slugs have a title, description and icon;
 * unknown slugs get a title made from the slug's words. CMS categories override these.
 */
import type { Category } from './content.ts';
import { titleFromSlug } from './text.ts';

const known: Record<string, { title: string; description: string; icon: string }> = {
  'hobbies-collecting': { title: 'Hobbies & Collecting', description: 'Find a hobby that fits your life and a collection that lasts.', icon: 'gem' },
  'arts-crafts': { title: 'Arts & Crafts', description: 'Make things with your hands.', icon: 'palette' },
  'travel-leisure': { title: 'Travel & Leisure', description: 'Travel lighter and rest better.', icon: 'plane' },
  'self-improvement': { title: 'Self Improvement', description: 'Grow a little every day with practical, tested ideas.', icon: 'sprout' },
  'anger-management': { title: 'Anger Management', description: 'Notice anger early and respond instead of react.', icon: 'flame' },
  'financial-insight': { title: 'Financial Insight', description: 'Money basics without jargon.', icon: 'wallet' },
  'self-confidence': { title: 'Self-Confidence', description: 'Build quiet, steady confidence.', icon: 'sparkles' },
  'self-help': { title: 'Self Help', description: 'Tools for working through life’s challenges.', icon: 'life-buoy' },
  'self-help-personal-development': { title: 'Self-Help & Personal Development', description: 'Habits and reflection for becoming who you want to be.', icon: 'sprout' },
  'time-management': { title: 'Time Management', description: 'Plan your days around what matters.', icon: 'clock' },
  'self-defeating': { title: 'Self-Defeating Behaviors', description: 'Spot the patterns that hold you back, and change them.', icon: 'repeat' },
  health: { title: 'Health', description: 'Sleep, movement and food for more energy.', icon: 'heart-pulse' },
  vitamins: { title: 'Vitamins', description: 'What the research says about common supplements.', icon: 'pill' },
  finances: { title: 'Finances', description: 'Budgets, saving and planning ahead.', icon: 'piggy-bank' },
  miscellaneous: { title: 'Miscellaneous', description: 'Everything else worth reading.', icon: 'shapes' },
  motorhomes: { title: 'Motorhomes', description: 'Life and travel on the road.', icon: 'caravan' },
  'medicinal-remedies': { title: 'Medicinal Remedies', description: 'Traditional remedies, looked at carefully.', icon: 'leaf' },
  'past-life-regression': { title: 'Past Life Regression', description: 'An open-minded look at a curious practice.', icon: 'hourglass' },
  law: { title: 'Law', description: 'Everyday legal questions in plain language.', icon: 'scale' },
  investing: { title: 'Investing', description: 'Long-term investing for ordinary people.', icon: 'trending-up' },
  'hiking-and-camping': { title: 'Hiking & Camping', description: 'Get outside safely and happily.', icon: 'mountain' },
  'backyard-activities': { title: 'Backyard Activities', description: 'Projects and fun close to home.', icon: 'trees' },
  'hobbies-and-crafts': { title: 'Hobbies & Crafts', description: 'Make things and enjoy the process.', icon: 'palette' },
  'business-and-success': { title: 'Business & Success', description: 'Work, careers and building something of your own.', icon: 'briefcase' },
  'travel-and-leisure': { title: 'Travel & Leisure', description: 'Travel lighter and rest better.', icon: 'plane' },
  'cooking-and-recipes': { title: 'Cooking & Recipes', description: 'Simple, affordable home cooking.', icon: 'chef-hat' },
};

/** Categories with their own themed page (spec 01 §2). */
export const THEMED_CATEGORIES = ['hobbies-collecting', 'arts-crafts', 'travel-leisure'] as const;

/** Themed and known categories always exist, with or without articles; any other slug is unknown. */
export const KNOWN_CATEGORY_SLUGS: readonly string[] = Object.keys(known);

export function presentCategory(slug: string, fromCms?: Category): { slug: string; title: string; description: string; icon: string; colour: string } {
  const k = known[slug.toLowerCase()];
  return {
    slug,
    title: fromCms?.title ?? k?.title ?? titleFromSlug(slug),
    description: fromCms?.description || k?.description || '',
    icon: fromCms?.icon ?? k?.icon ?? 'book-open',
    colour: fromCms?.colour ?? '#4f46e5',
  };
}
