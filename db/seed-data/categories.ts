import type { SeedCategory } from './types.ts';

export const seedCategories: SeedCategory[] = [
  { name: 'Leadership', slug: 'leadership' },
  { name: 'Executive Coaching', slug: 'executive-coaching' },
  { name: 'Personal Growth', slug: 'personal-growth' },
  { name: 'Team Building', slug: 'team-building' },
  { name: 'Career Development', slug: 'career-development' },
];
