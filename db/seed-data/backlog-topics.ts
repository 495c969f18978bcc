import type { SeedTopic } from './types.ts';

export const seedTopics: SeedTopic[] = [
  {
    title: 'Leading Hybrid Teams With Fairness and Clarity',
    description:
      'Practical ways leaders can ensure remote and in-office team members get equal visibility, opportunities and support, including meeting norms and communication habits.',
    category: 'team-building',
    tags: ['Hybrid Work', 'Team Culture', 'Communication'],
    notes: 'Include a short checklist for running inclusive hybrid meetings.',
    estimatedWordCount: 1200,
    targetAudience: 'Managers leading distributed or hybrid teams',
  },
  {
    title: 'Executive Presence Without Pretending',
    description:
      'What executive presence really means, why it is often misunderstood, and how leaders can build it authentically through preparation, composure and clear communication.',
    category: 'executive-coaching',
    tags: ['Executive Presence', 'Communication', 'Confidence'],
    notes: null,
    estimatedWordCount: 1500,
    targetAudience: 'Senior managers preparing for executive roles',
  },
  {
    title: 'Your First Year as a Young Professional: Habits That Matter',
    description:
      'A grounded guide for early-career professionals on building reputation, seeking feedback, managing energy and finding mentors in their first year of work.',
    category: 'career-development',
    tags: ['Young Professionals', 'Habits', 'Mentoring'],
    notes: 'Keep the tone encouraging; avoid generic productivity advice.',
    estimatedWordCount: 1000,
    targetAudience: 'Graduates and professionals in their first two years of work',
  },
  {
    title: 'When Your Values Clash With Company Decisions',
    description:
      'How leaders can navigate situations where an organizational decision conflicts with personal values, including when to raise concerns, how to disagree well and when to step away.',
    category: 'personal-growth',
    tags: ['Character', 'Integrity', 'Values'],
    notes: 'Could pair well with the earlier post on character under pressure.',
    estimatedWordCount: 1800,
    targetAudience: 'Mid-level and senior leaders facing ethical tension',
  },
  {
    title: 'Rebuilding Trust After a Leadership Mistake',
    description:
      'A step-by-step look at how leaders can acknowledge a significant mistake, repair relationships and rebuild credibility with their teams over time.',
    category: 'leadership',
    tags: ['Trust', 'Accountability', 'Communication'],
    notes: null,
    estimatedWordCount: 900,
    targetAudience: 'Team leaders and executives',
  },
];
