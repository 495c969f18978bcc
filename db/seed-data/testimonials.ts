import type { SeedTestimonial } from './types.ts';

export const seedTestimonials: SeedTestimonial[] = [
  {
    content:
      'I came into coaching convinced my problem was time management. Within a few sessions it was clear the real issue was how I delegated. Six months on, my team owns far more decisions and I finally have space to think about strategy.',
    authorName: 'Daniel Okafor',
    authorPosition: 'VP of Operations, regional logistics company',
  },
  {
    content:
      'Stepping into my first executive role felt overwhelming. Having a calm, honest thinking partner through the first few months made an enormous difference. I made better early decisions and built trust with my peers much faster than I expected.',
    authorName: 'Priya Raman',
    authorPosition: 'Chief Financial Officer, mid-sized healthcare provider',
  },
  {
    content:
      'Our small-group sessions gave our leadership team a shared language for feedback and disagreement. Meetings are more open, problems surface earlier and people genuinely support each other. It has changed how we work together.',
    authorName: 'Marta Lindqvist',
    authorPosition: 'Head of Product, software start-up',
  },
];
