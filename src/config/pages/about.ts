import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A fresh site's About page: the spec's words (docs/product.md §2 "About the coach page"). The
// hero's name and tagline are the coach's own, from Settings.
export const ABOUT_PAGE: PageContent = {
  meta: {
    title: '',
    description: 'Growth, change and character coaching for leaders, executives, young professionals and anyone ready to grow.',
  },
  sections: [
    {
      type: 'profile',
      hidden: false,
      eyebrow: 'About the coach',
      lead: 'I help leaders and people at every stage of life grow in skill and in character — so that who they are and how they lead move forward together.',
      image: { src: '/images/coach-avatar.svg', alt: 'Portrait of the coach' },
    },
    {
      type: 'story',
      hidden: false,
      eyebrow: 'My purpose',
      title: 'Why I Coach',
      quote: 'Lasting change starts with who you are, not only with what you do.',
      body: [
        'I coach because I have seen what happens when capable people get honest support at the right moment. Talent is rarely what holds someone back. More often it is a blind spot nobody has named, a habit that once helped and now gets in the way, or a decision that keeps being postponed.',
        'Coaching makes room to slow down, see clearly what is really going on, and choose a better next step — then keep choosing it until it becomes part of who you are. That is how confidence is built: not from pep talks, but from progress you can point to.',
        'Watching a person grow into the leader, colleague and human being they were capable of being all along is the most rewarding work I know.',
      ].join('\n\n'),
    },
    {
      type: 'audiences',
      hidden: false,
      eyebrow: 'Who it’s for',
      title: 'Who I Help',
      lead: 'I work with people at every stage of their journey who want to grow — in their role and as people.',
      cards: [
        {
          icon: 'compass',
          title: 'Leaders',
          text: 'Managers and team leads who want to lead with clarity, build trust and bring out the best in their people.',
        },
        {
          icon: 'building',
          title: 'Executives',
          text: 'Senior leaders carrying weighty decisions who want a confidential thinking partner and candid feedback.',
        },
        {
          icon: 'rocket',
          title: 'Young Professionals',
          text: 'People early in their careers who want to build strong habits, find their voice and grow with purpose.',
        },
        {
          icon: 'graduation-cap',
          title: 'Students and Teens',
          text: 'Young people learning to set goals, handle pressure and discover the kind of person they want to become.',
        },
        {
          icon: 'sprout',
          title: 'Adults Seeking Growth',
          text: 'Anyone at a crossroads or ready for a new chapter who wants support to move forward with intention.',
        },
      ],
      mindsetTitle: 'The mindset that fits best',
      mindsetLead: 'Coaching works best when you bring the right posture. You don’t need to have it all figured out — only to be:',
      mindsets: [
        { title: 'Willing to be challenged', text: 'You want honest questions and real feedback, not only encouragement.' },
        { title: 'Open to character work', text: 'You are ready to look at the who behind the what: your values, habits and motives.' },
        { title: 'Ready for relationship', text: 'You value a coaching partnership built on trust, candor and follow-through.' },
        { title: 'Humble and bold', text: 'Humble enough to keep learning, and bold enough to act on what you discover.' },
      ],
      asideTitle: 'Casual by design',
      asideText:
        'I’m relaxed and approachable — no jargon and no stiff formalities. Our conversations feel more like a good talk over coffee than a boardroom meeting, while staying focused on real results.',
    },
    {
      type: 'approach',
      hidden: false,
      eyebrow: 'My approach',
      title: 'How I Coach',
      lead: 'Three kinds of coaching, two ways to work together, one aim: growth that shows up in your work and your life.',
      cards: [
        {
          icon: 'trending-up',
          title: 'Growth Coaching',
          text: 'Stretch into your next level: sharpen your strengths, close the gaps that matter and set goals worth reaching.',
        },
        {
          icon: 'refresh-cw',
          title: 'Change Coaching',
          text: 'Navigate a new role, a transition or a season of uncertainty with a clear head and a practical plan.',
        },
        {
          icon: 'gem',
          title: 'Character Coaching',
          text: 'Build the inner qualities — integrity, courage, humility, self-control — that make leadership trustworthy.',
        },
      ],
      formatsTitle: 'Ways to work together',
      formats: [
        { icon: 'user', title: 'One-on-one', text: 'Private, confidential sessions shaped entirely around you, your goals and your pace.' },
        {
          icon: 'users',
          title: 'Small groups',
          text: 'A handful of peers learning together, sharpening one another and keeping each other accountable.',
        },
      ],
      asideTitle: 'Certified and grounded',
      asideText:
        'I am certified in a well-known character-and-leadership course, and I draw on its proven framework alongside practical tools you can use the same day. You get structure when it helps and a real conversation always.',
    },
    {
      type: 'reasons',
      hidden: false,
      eyebrow: 'The difference',
      title: 'Why It Works',
      lead: 'Insight is easy to come by. Lasting change takes a relationship, a method and follow-through.',
      items: [
        {
          title: 'Character first',
          text: 'Skills can be learned quickly, but they last when they rest on strong character. We work on both.',
        },
        {
          title: 'Built around you',
          text: 'No off-the-shelf program. Every conversation starts from your goals, your context and your pace.',
        },
        { title: 'Honest and safe', text: 'What you share stays between us, so you can think out loud, test ideas and speak candidly.' },
        {
          title: 'Accountability that sticks',
          text: 'Clear next steps and regular check-ins turn good intentions into habits that hold under pressure.',
        },
      ],
    },
    {
      type: 'roles',
      hidden: false,
      eyebrow: 'Beyond the sessions',
      title: 'More Than a Coach',
      body: [
        'Coaching is a professional relationship, but it is a human one too. I care about the whole person — your work, your relationships and the life you are building — not only the goal we wrote down in the first session.',
        'Between sessions I am in your corner. When something big happens, you won’t face it without someone who knows your story.',
      ].join('\n\n'),
      items: [
        { icon: 'messages-square', title: 'A sounding board', text: 'For the hard calls you can’t talk through with your team.' },
        { icon: 'heart-handshake', title: 'An encourager', text: 'For the seasons when progress feels slow.' },
        { icon: 'trophy', title: 'Your biggest fan', text: 'For the wins, big and small, that deserve to be noticed.' },
      ],
    },
    {
      type: 'callToAction',
      hidden: false,
      title: "Let's Talk",
      text: 'A free, no-pressure intro call is the easiest way to see whether we are a good fit. Pick a time that suits you, or send me a message and I’ll get back to you.',
      soonText:
        'A free, no-pressure intro call is the easiest way to see whether we are a good fit. Online booking is on its way; until then, send me a message and I’ll get back to you.',
      soonNote: 'Booking opens soon.',
      button: { label: 'Send a Message', link: '/contact' },
    },
  ],
};
