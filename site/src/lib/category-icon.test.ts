import { BookOpen, Gem, LifeBuoy } from 'lucide-static';
import { describe, expect, it } from 'vitest';
import { KNOWN_CATEGORY_SLUGS, presentCategory } from '@app/shared/browser';
import { categoryIconSvg } from './category-icon';

describe('category icons', () => {
  it('draws Hobbies & Collecting with the gem its pictures are drawn with, not a book', () => {
    expect(categoryIconSvg('gem')).toBe(Gem);
    expect(categoryIconSvg('life-buoy')).toBe(LifeBuoy);
  });

  it('has a drawing for every known category’s icon', () => {
    for (const slug of KNOWN_CATEGORY_SLUGS) {
      const { icon } = presentCategory(slug, undefined);
      if (icon !== 'book-open') expect(categoryIconSvg(icon), `${slug}: ${icon}`).not.toBe(BookOpen);
    }
  });

  it('falls back to a book for a name Lucide does not have', () => {
    expect(categoryIconSvg('no-such-icon')).toBe(BookOpen);
  });
});
