// The sample posts not yet public: two drafts and one post scheduled for later.
import type { SeedPost } from './types.ts';

export const draftPosts: SeedPost[] = [
  {
    slug: 'setting-boundaries-as-a-senior-leader',
    title: 'Setting Boundaries as a Senior Leader',
    excerpt:
      'Senior leaders are expected to be available, but constant availability erodes judgment. Clear boundaries protect both your energy and your team.',
    category: 'leadership',
    tags: ['Boundaries', 'Wellbeing', 'Time Management'],
    daysAgo: 6,
    content: `The more senior you become, the more people want your time. Requests arrive from every direction, and each one seems reasonable on its own. Without clear boundaries, the calendar fills with other people's priorities and the work only you can do gets pushed to evenings and weekends.

## Why boundaries are a leadership skill

Boundaries are not about doing less. They are about protecting the attention that your role depends on. Strategic thinking, difficult conversations and careful decisions all need focused time. When that time disappears, quality drops quietly.

Common signs your boundaries need attention:

- You regularly do focused work outside normal hours.
- You answer messages within minutes, at any time.
- Meetings are booked into every open slot.
- You feel you cannot take a day off without checking in.

## Decide what you are protecting

Start by being specific. What do you need more of to do your job well? For most executives it is a mix of thinking time, time with key people and time to recover. Block these first, then let everything else fit around them.

> If you do not decide what your time is for, someone else will decide for you.

## Communicate boundaries clearly

Boundaries only work when others understand them. Tell your team and peers how and when you are best reached, and what counts as urgent. Then stay consistent. A few practical approaches:

1. Set clear hours for messages and say when you will respond.
2. Keep at least two meeting-free blocks each week.
3. Agree on an escalation route for genuine emergencies.
4. Delegate decisions that do not need your involvement.

## Model it for your team

Your team will follow what you do more than what you say. If you send emails late at night, people will feel pressure to answer them. Scheduling messages for working hours is a small change with a big effect on culture.

## Review and adjust

Boundaries are not set once. Roles change, seasons get busier and priorities shift. Review yours every quarter and adjust. Wider research on [work-life balance](https://en.wikipedia.org/wiki/Work%E2%80%93life_balance) shows that sustainable rhythms support long-term performance.

If this is an area you want to work on, [reach out](/contact) and we can explore it in a coaching session.`,
  },
  {
    slug: 'what-to-expect-from-small-group-coaching',
    title: 'What to Expect From Small-Group Coaching',
    excerpt: 'Small-group coaching combines personal focus with the insight of peers. Here is how it works and who it suits best.',
    category: 'team-building',
    tags: ['Group Coaching', 'Peer Learning', 'Coaching'],
    daysAgo: 3,
    content: `One-on-one coaching is the format most people picture, but small-group coaching offers something it cannot: the perspective of peers facing similar challenges. For many leaders, it becomes one of the most valuable parts of their development.

## How small-group coaching works

A typical group brings together four to six leaders at a similar stage, often from different organizations. The group meets regularly over several months. Each session focuses on real challenges that members bring, with the coach guiding the conversation and making sure everyone gets space.

A session might include:

- A brief check-in on commitments from last time.
- One or two members presenting a current challenge.
- Structured questions and reflections from the group.
- Each person naming a concrete action for the coming weeks.

## What makes it valuable

Hearing how others approach similar problems widens your own options. Peers often ask questions a coach would not think of, because they have lived through the same situation. The group also creates gentle accountability: it is easier to follow through when you know others will ask how it went.

> Sometimes the most useful insight comes not from the expert in the room, but from the person who faced the same problem last month.

## Who it suits best

Small-group coaching works particularly well for:

1. New managers building confidence in their first leadership role.
2. Experienced leaders who want a confidential peer network.
3. Teams from one organization working on shared culture and trust.
4. People who learn best by discussion and reflection.

## Ground rules that matter

Confidentiality is essential. What is said in the group stays there. Members also agree to listen fully, ask before advising and respect that each person owns their own decisions. These agreements make the group a safe place to be honest about real difficulties.

## Is it right for you?

If you value both personal focus and the insight of others, a small group may be a good fit. Research on [peer learning](https://en.wikipedia.org/wiki/Peer_learning) highlights how much people learn from each other when the setting is structured well.

To find out about upcoming groups, [get in touch](/contact).`,
  },
];

export const scheduledPost: SeedPost = {
  slug: 'mentoring-the-next-generation-of-leaders',
  title: 'Mentoring the Next Generation of Leaders',
  excerpt:
    'Mentoring younger professionals is one of the most lasting contributions a leader can make. Here is how to do it well without adding hours to your week.',
  category: 'career-development',
  tags: ['Mentoring', 'Young Professionals', 'Growth'],
  daysAgo: 0,
  content: `Ask experienced leaders who shaped their careers and most will name a mentor: someone who took an interest, opened a door or told them a hard truth at the right time. Passing that on is one of the most meaningful things a leader can do, and it need not take a great deal of time.

## What good mentoring looks like

Mentoring is different from managing. A mentor has no formal authority over the person they support. Their role is to share perspective, ask questions and help the mentee see options they might have missed. The best mentoring relationships are honest, curious and focused on the mentee's goals rather than the mentor's experience.

Qualities that make mentors effective:

- Genuine curiosity about the mentee's ambitions.
- Willingness to share failures as well as successes.
- Patience with the mentee finding their own answers.
- Reliability in keeping agreed meetings.

## Structure the relationship lightly

A little structure goes a long way. Agree at the start on how often you will meet, what the mentee hopes to gain and how long the arrangement will last. Revisit those agreements after a few months.

A simple approach for each conversation:

1. Ask what has happened since you last spoke.
2. Explore one current challenge in depth.
3. Share a relevant experience, if it helps.
4. End with one action the mentee will take.

> The aim is not to create a copy of yourself. It is to help someone become a better version of who they already are.

## Open doors, not only minds

Advice is valuable, but introductions and opportunities often matter more. Consider who in your network your mentee should meet, which projects could stretch them and where your sponsorship could make a difference.

## Learn in both directions

Younger professionals often see the workplace differently, especially around technology, flexibility and purpose. Good mentors treat the relationship as a two-way exchange and come away with fresh perspectives of their own. The broader idea of [mentorship](https://en.wikipedia.org/wiki/Mentorship) has a long history for good reason.

If you would like support in becoming a more effective mentor, or you are a young professional looking for guidance, [get in touch](/contact).`,
};
