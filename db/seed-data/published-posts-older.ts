// The six older published sample posts (published 84 to 197 days before seeding), after the recent ones.
import type { SeedPost } from './types.ts';

export const olderPublishedPosts: SeedPost[] = [
  {
    slug: 'why-executives-need-a-thinking-partner',
    title: 'Why Executives Need a Thinking Partner',
    excerpt:
      'The higher you rise, the fewer people will challenge your thinking honestly. A thinking partner restores that missing perspective.',
    category: 'executive-coaching',
    tags: ['Coaching', 'Decision Making', 'Reflection'],
    daysAgo: 84,
    content: `# Why Executives Need a Thinking Partner

There is a quiet cost to seniority. As your scope grows, the feedback you receive becomes more filtered. People agree more readily, bad news arrives later and your own assumptions go unchallenged. Many executives notice this only when a decision that seemed obvious turns out to be wrong.

## The problem with an echo chamber

Senior leaders are surrounded by smart people, but most of them have a stake in the outcome. Direct reports want to be supportive, peers have their own agendas and boards expect answers rather than uncertainty. That leaves very little space to think out loud, test half-formed ideas or admit doubt.

A thinking partner offers something different:

- No stake in the decision, only in the quality of your thinking.
- Confidential space to explore options without political cost.
- Questions that surface assumptions you had not noticed.
- A steady presence across the ups and downs of the role.

## What good thinking partnership looks like

It is not advice-giving. The most valuable sessions rarely end with someone telling you what to do. Instead, they help you slow down, separate the urgent from the important and reach a decision you genuinely own.

> Clarity rarely comes from having more answers. It comes from being asked better questions.

## Where it helps most

Executives tend to bring a familiar set of challenges to this kind of conversation:

1. Making a difficult people decision, such as restructuring a team.
2. Navigating a tense relationship with a peer or board member.
3. Preparing for a high-stakes presentation or negotiation.
4. Reflecting on their own leadership style and its impact.

## Choosing the right partner

A good thinking partner might be a trusted mentor, a peer in another organization or a professional coach. Whoever it is, look for someone who listens carefully, is comfortable with silence and will tell you the truth kindly. The [Harvard Business Review](https://hbr.org) archive has useful reading on executive coaching if you want to explore the research.

Executive coaching is at the heart of what I offer, one-on-one and in small peer groups. If you are carrying a decision you have not been able to talk through freely, [reach out](/contact).`,
  },
  {
    slug: 'character-under-pressure-staying-steady-when-it-counts',
    title: 'Character Under Pressure: Staying Steady When It Counts',
    excerpt:
      'Values are easy to hold when nothing is at stake. Character shows up in the hard moments, and it can be strengthened deliberately.',
    category: 'personal-growth',
    tags: ['Character', 'Integrity', 'Values'],
    daysAgo: 101,
    content: `Every leader has a list of values they believe in. Honesty, fairness, respect and courage appear on most of them. The real test comes when those values cost something: a missed target, an uncomfortable conversation or a popular decision you cannot support.

## Character is built before the moment

Under pressure, people rarely rise to their ideals. They fall back on their habits. That is why character is best strengthened in ordinary situations, long before the difficult one arrives. Small choices, repeated daily, shape how you will act when the stakes are high.

Some everyday practices that build steadiness:

- Keeping small promises, even when no one would notice.
- Admitting mistakes quickly and without excuses.
- Giving credit generously and taking responsibility fully.
- Saying what you think in meetings, not only afterwards.

## Know your lines in advance

It helps to decide ahead of time what you will not do. When a situation arrives that tests your values, you will not need to debate it from scratch under stress. Write down two or three commitments that matter most to you, and revisit them occasionally.

> Integrity is not the absence of pressure. It is choosing well while the pressure is still there.

## When values conflict

Not every dilemma is a choice between right and wrong. Often two good values pull in different directions, loyalty and honesty, or kindness and fairness. In those moments, a simple set of questions can help:

1. Who is affected, and how?
2. What would I be comfortable explaining openly later?
3. What would the leader I most respect do here?
4. What will this decision teach my team about what matters?

## Recover with honesty

Everyone falls short sometimes. What matters is how you respond. Name what happened, repair what you can and learn from it. Leaders who own their lapses openly often earn more trust than those who appear never to make them. The long philosophical tradition of [virtue ethics](https://en.wikipedia.org/wiki/Virtue_ethics) makes the same point: character is a practice, not a possession.

Character coaching is one of the three pillars of my work. If you would like a space to reflect on your own values and how you lead under pressure, [get in touch](/contact).`,
  },
  {
    slug: 'creating-psychological-safety-in-small-teams',
    title: 'Creating Psychological Safety in Small Teams',
    excerpt:
      'Teams do their best work when people can speak up without fear. Here is how leaders of small teams can build that safety on purpose.',
    category: 'team-building',
    tags: ['Psychological Safety', 'Trust', 'Team Culture'],
    daysAgo: 119,
    content: `# Creating Psychological Safety in Small Teams

In small teams, every voice matters, and every silence costs something. When people hold back a concern, an idea or a question, the team loses information it needs. The concept of [psychological safety](https://en.wikipedia.org/wiki/Psychological_safety) describes a shared belief that it is safe to take interpersonal risks. Leaders have more influence over it than anyone else.

## What it is, and what it is not

Psychological safety does not mean everyone is comfortable all the time or that standards are low. It means people can disagree, admit mistakes and ask for help without fearing embarrassment or punishment. High safety and high standards work best together.

Signals that safety may be low in your team:

- Meetings are quiet, and the real discussion happens afterwards.
- Mistakes surface late, often when they are hard to fix.
- The same few people do most of the talking.
- Questions are rare, even about complex work.

## Model it first

Teams watch how their leader responds to bad news. If you react with frustration, people learn to stay quiet. If you respond with curiosity, they learn that speaking up is valued. Start by sharing your own uncertainties and mistakes. It gives others permission to do the same.

> The fastest way to make a team safer is for the leader to go first.

## Build it into how you work

Good intentions need routines to back them up. A few practical habits:

1. **Invite dissent explicitly.** Ask what might go wrong with a plan before approving it.
2. **Thank people for raising problems.** Especially when the news is unwelcome.
3. **Rotate who speaks first.** This prevents the loudest voices from setting the direction.
4. **Review mistakes without blame.** Focus on what the system can learn.

## Keep checking in

Safety can erode quietly, particularly during stressful periods. Ask the team every few months how comfortable they feel raising concerns, and listen carefully to the answer. Anonymous pulse questions can help in the early stages.

Small-group coaching is a good setting for teams to practise these conversations together. If you would like to explore what that could look like for your team, [contact me](/contact) or read [more on team building](/blog).`,
  },
  {
    slug: 'managing-your-former-peers',
    title: 'Managing Your Former Peers',
    excerpt:
      'Being promoted above your colleagues changes every relationship overnight. With clear boundaries and honest conversations, it can strengthen them instead.',
    category: 'career-development',
    tags: ['New Managers', 'Boundaries', 'Transitions'],
    daysAgo: 138,
    content: `Few career transitions feel as awkward as becoming the manager of people who were your peers last week. The friendships, the shared complaints and the easy informality do not disappear, but they need to change. Handled well, this shift can earn you a great deal of respect.

## Acknowledge the change directly

The worst approach is to pretend nothing has happened. Within your first week or two, meet individually with each former peer. Name the change openly and ask how they feel about it. Some will be pleased for you, some may be disappointed they did not get the role, and most will simply want to know what will be different.

Topics worth covering in those first conversations:

- What they enjoy about their work and want to keep.
- What they would like from you as a manager.
- How you both want to handle disagreement.
- Any concerns they have about the transition.

## Set boundaries without going cold

You can stay warm and friendly while becoming more careful about certain things. You will now hold information you cannot share, and you will make decisions that affect people you like. It helps to be honest about that.

> You are not leaving the team. You are taking on a different responsibility to it.

Practical adjustments many new managers find useful:

1. Stop joining in on complaints about leadership; raise concerns through the right channels instead.
2. Be consistent in how you treat everyone, including close friends.
3. Keep confidential matters confidential, even with people you trust.
4. Spend time building relationships with your new peer group of managers.

## Address performance early

If a former peer is struggling, it can be tempting to avoid the conversation to protect the friendship. That usually backfires. Raise issues early, privately and with the same fairness you would show anyone else. Your team will notice whether you are willing to lead everyone equally.

## Find your own support

New managers often feel isolated in this phase. Seek out a mentor, a fellow manager or a coach who can help you think through difficult moments. The [Harvard Business Review](https://hbr.org) has plenty of practical reading for first-time managers.

I work with many new managers through exactly this transition. If that is where you are now, [reach out](/contact) or browse [more career articles](/blog).`,
  },
  {
    slug: 'making-better-decisions-with-less-information',
    title: 'Making Better Decisions With Less Information',
    excerpt:
      'Senior leaders rarely get complete information before they must decide. A few disciplined habits help you act well under uncertainty.',
    category: 'executive-coaching',
    tags: ['Decision Making', 'Strategy', 'Uncertainty'],
    daysAgo: 162,
    content: `One of the clearest differences between junior and senior roles is the quality of information available at the moment of decision. Early in a career, more data usually helps. At the top, waiting for certainty is often the riskiest option of all.

## Separate reversible from irreversible decisions

Not every decision deserves the same level of care. Some can be undone cheaply if they turn out to be wrong; others cannot. Treating every choice as permanent slows an organization down, while treating every choice as trivial leads to costly mistakes.

Before deciding, ask yourself:

- How expensive would it be to reverse this in three months?
- Who else is affected, and how quickly?
- What is the cost of waiting another week for more information?
- What would have to be true for this to be the right call?

## Use a simple decision routine

A consistent process reduces the influence of mood, fatigue and pressure. One that works well for many executives:

1. **Frame the question.** Write down exactly what is being decided and by when.
2. **Widen the options.** Push for at least three alternatives, not just yes or no.
3. **Seek a dissenting view.** Ask someone you trust to argue the other side.
4. **Decide and record your reasoning.** Note what you expect to happen.
5. **Review later.** Compare the outcome with your expectations.

> A good decision is one made well with the information available, not one that happened to turn out well.

## Watch for common biases

The field of [decision-making](https://en.wikipedia.org/wiki/Decision-making) research has documented many traps. Three show up again and again in leadership teams: overconfidence in the first plausible option, giving too much weight to recent events, and continuing a failing project because of what has already been invested. Naming these biases in the room makes them easier to catch.

## Build a decision journal

Keeping a brief record of important decisions, including what you knew and what you expected, is one of the simplest ways to improve judgment over time. It separates luck from skill and shows you where your instincts are strong or weak.

Decision-making under uncertainty is a frequent focus in executive coaching sessions. If you are facing a difficult call, [let us talk it through](/contact).`,
  },
  {
    slug: 'small-habits-that-compound-into-growth',
    title: 'Small Habits That Compound Into Growth',
    excerpt:
      'Lasting growth rarely comes from dramatic resolutions. It comes from small, consistent habits that quietly add up over months and years.',
    category: 'personal-growth',
    tags: ['Habits', 'Self-Awareness', 'Growth'],
    daysAgo: 197,
    content: `Ambitious people tend to approach growth the way they approach projects: big goals, tight deadlines and bursts of effort. That works for some things. For becoming a better leader, it rarely lasts. The changes that stick are usually small enough to feel almost too easy.

## Why small beats big

Large changes depend on motivation, and motivation fades. Small habits depend on routine, which is far more reliable. A [habit](https://en.wikipedia.org/wiki/Habit) that takes five minutes a day will, over a year, add up to more than thirty hours of deliberate practice.

Examples of small habits that compound for leaders:

- Writing three lines of reflection at the end of each workday.
- Asking one genuine question before giving an opinion in meetings.
- Reading ten pages of something outside your field each morning.
- Sending one note of specific appreciation every week.

## Attach new habits to existing routines

The easiest way to start a habit is to link it to something you already do. After your first coffee, review your top priority for the day. After your last meeting, write your reflection. After each one-on-one, note one thing you learned about the person. The existing routine becomes the reminder.

> You do not rise to the level of your goals. You settle at the level of your daily practice.

## Track lightly, review regularly

Heavy tracking systems often become another chore. A simple checkmark on a calendar is enough. What matters more is a regular review. Once a month, ask yourself:

1. Which habits have become automatic?
2. Which ones keep slipping, and why?
3. Is there one small habit I should add next?
4. What difference am I noticing in my work or relationships?

## Be patient with the curve

Early progress can feel invisible. The benefits of small habits tend to appear suddenly after a long period of quiet accumulation. Colleagues notice that you listen better or decide more calmly, often before you notice it yourself.

## Start with one

Choose a single habit that supports the leader you want to become. Make it small, link it to an existing routine and keep it going for a month before adding another.

Growth coaching often focuses on exactly these small, sustainable shifts. Browse [other articles](/blog) or [get in touch](/contact) to explore it together.`,
  },
];
