// The shapes of the seed's sample content (db/seed-data.ts).
export interface SeedCategory {
  name: string;
  slug: string;
}
export interface SeedPost {
  slug: string; // lowercase letters, digits, hyphens only
  title: string;
  excerpt: string; // 1-2 sentences, <= 300 chars
  content: string; // Markdown body
  category: string; // a SeedCategory slug
  tags: string[]; // 2-4 short tag names, Title Case, e.g. 'Delegation'
  daysAgo: number; // for published posts: how many days before seeding it was published (distinct values, spread 2..200)
  featured?: boolean;
}
export interface SeedTestimonial {
  content: string;
  authorName: string;
  authorPosition: string;
}
export interface SeedTopic {
  title: string;
  description: string;
  category: string;
  tags: string[];
  notes: string | null;
  estimatedWordCount: number;
  targetAudience: string;
}
export interface SeedSubscriber {
  firstName: string;
  lastName: string;
  email: string;
  daysAgo: number;
}
export interface SeedMessage {
  name: string;
  email: string;
  subject: string | null;
  message: string;
  isRead: boolean;
  daysAgo: number;
  ipAddress: string;
  userAgent: string;
}
