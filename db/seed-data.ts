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

export const seedCategories: SeedCategory[] = [
  { name: 'Leadership', slug: 'leadership' },
  { name: 'Executive Coaching', slug: 'executive-coaching' },
  { name: 'Personal Growth', slug: 'personal-growth' },
  { name: 'Team Building', slug: 'team-building' },
  { name: 'Career Development', slug: 'career-development' },
];

export const publishedPosts: SeedPost[] = [
  {
    slug: 'delegation-that-actually-frees-your-time',
    title: 'Delegation That Actually Frees Your Time',
    excerpt:
      'Most leaders delegate tasks but keep the thinking. Here is how to hand over real ownership so your calendar, and your team, can breathe.',
    category: 'leadership',
    tags: ['Delegation', 'Time Management', 'Trust'],
    daysAgo: 2,
    featured: true,
    content: `# Delegation That Actually Frees Your Time

Many of the leaders I work with say they delegate well, and then show me a calendar packed with status checks, approvals and rework. The work has moved, but the weight has not. Real delegation is not handing off a task; it is handing off a decision.

## Why delegation stalls

Delegation usually breaks down for predictable reasons. The leader is faster at the work, the stakes feel high, or the expectations were never said out loud. None of these are character flaws. They are habits, and habits can be changed.

Ask yourself honestly which of these shows up most often for you:

- You re-do work quietly instead of giving direct feedback.
- You delegate the activity but keep every decision that matters.
- You check in so often that people wait for you before acting.
- You pick the same two reliable people for everything.

## Delegate outcomes, not instructions

When you hand something over, describe the result you need, the constraints that are fixed, and the decisions the other person now owns. Then agree on how and when you will hear about progress. A simple structure helps:

1. **Outcome:** what good looks like, and by when.
2. **Boundaries:** budget, risks and non-negotiables.
3. **Authority:** which calls are theirs to make without asking.
4. **Rhythm:** one agreed check-in point, not constant updates.

> The question is not whether they will do it the way you would. The question is whether the result will be good enough, and whether they will grow by doing it.

## Tolerate the learning curve

The first time someone owns a decision, it will take longer and it may look different from your version. That is the cost of building capacity. If you step back in at the first wobble, you teach the team that ownership is temporary.

A useful rule: intervene when the outcome is at risk, not when the method is unfamiliar. Save your energy for coaching the thinking behind the work.

## Start this week

Pick one recurring decision you still make out of habit. Write down the outcome, the boundaries and the authority, and hand it to someone ready to stretch. Review how it went in a month. For more background on the concept itself, the overview on [delegation](https://en.wikipedia.org/wiki/Delegation) is a good starting point.

If you would like help designing a delegation plan for your own team, [get in touch](/contact) and we can map it out together.`,
  },
  {
    slug: 'the-first-90-days-in-a-new-executive-role',
    title: 'The First 90 Days in a New Executive Role',
    excerpt:
      'A new executive role rewards listening before acting. A simple three-phase approach helps you earn trust, learn the system and make your first moves count.',
    category: 'executive-coaching',
    tags: ['Transitions', 'Executive Presence', 'Strategy'],
    daysAgo: 9,
    content: `Stepping into a senior role brings a strange mix of pressure and freedom. Everyone is watching for your first move, yet you have never had more permission to ask basic questions. The leaders who do well in these first months use that window deliberately.

## Phase one: listen before you diagnose

In the first few weeks, your main job is to understand how the organization actually works, not how the org chart says it works. Meet widely, and ask the same handful of questions in every conversation so you can compare answers:

- What is working well that I should protect?
- What is getting in the way of doing great work?
- What do you think I most need to understand that nobody will tell me?
- If you were in my seat, what would you change first?

Take notes, look for patterns, and resist the urge to announce conclusions. People remember whether you listened long before they remember your strategy.

## Phase two: pick a few early wins

By the second month you will see problems everywhere. Choose two or three that are visible, achievable and meaningful to the people you lead. Early wins build credibility, and credibility buys you room for the harder changes later.

> A new leader is judged less on how much they change and more on whether the first changes show they understood the place.

## Phase three: set direction and expectations

Around day sixty to ninety, share what you have learned and where you intend to take the team. Be specific about what will stay the same as well as what will change. Then set clear expectations with your direct reports, including how you like to work, how decisions will be made and how you want to hear bad news.

## Common traps to avoid

1. Importing the playbook from your last company without testing it.
2. Spending all your time with your team and none with peers.
3. Waiting too long to address a performance issue you have already spotted.
4. Neglecting your own energy while everything is new.

Harvard Business Review has published extensively on [leadership transitions](https://hbr.org) if you want to read further. And if you are preparing for a move, a short coaching engagement can give you a sounding board for exactly these decisions. You can [reach out here](/contact) to talk it through.`,
  },
  {
    slug: 'building-resilience-without-burning-out',
    title: 'Building Resilience Without Burning Out',
    excerpt:
      'Resilience is not about enduring more. It is about recovering well, so you can lead with a clear head when the pressure rises.',
    category: 'personal-growth',
    tags: ['Resilience', 'Wellbeing', 'Habits'],
    daysAgo: 18,
    featured: true,
    content: `Resilience is often described as toughness, the ability to keep going no matter what. In practice, the most resilient leaders I know are not the ones who push hardest. They are the ones who recover most deliberately.

## Resilience is a cycle, not a trait

Pressure is part of leadership. What matters is whether periods of strain are followed by real recovery. When they are not, capacity quietly shrinks: decisions get shorter-sighted, patience wears thin and small problems feel large. Research on [psychological resilience](https://en.wikipedia.org/wiki/Psychological_resilience) points in the same direction: it is built through routines and relationships, not willpower alone.

Watch for these early signals that recovery is not keeping up:

- You feel tired after a full night of sleep.
- You are more irritable with people you normally enjoy.
- You avoid decisions you would usually make quickly.
- Your thinking time has disappeared from the calendar.

## Build recovery into the week

Recovery does not need to be elaborate. It needs to be regular and protected. A few practices that work well for busy leaders:

1. **Close the day on purpose.** Spend five minutes writing what is done, what is open and what can wait.
2. **Protect one deep-work block.** Guard at least one meeting-free morning each week.
3. **Move between meetings.** A short walk resets attention better than another email.
4. **Name one thing you will not do.** Saying no is a resilience skill.

> You cannot lead others through pressure if you have no margin left for yourself.

## Talk about it with your team

Leaders set the emotional tone. If you model constant availability, your team will copy it. If you model sustainable rhythms, you give them permission to do the same. That does not mean lowering standards; it means making high standards achievable over years rather than weeks.

## A simple starting point

This week, look at your calendar and mark each block as energizing, neutral or draining. You will probably find that a few recurring meetings take far more than they give. Change one of them, shorten it, delegate it or drop it, and notice the difference.

Resilience is one of the most common themes in my one-on-one work. If you would like to explore it in your own context, take a look at [other articles on the blog](/blog) or [get in touch](/contact).`,
  },
  {
    slug: 'how-to-run-one-on-ones-that-matter',
    title: 'How to Run One-on-Ones That Matter',
    excerpt:
      'One-on-ones are the most underused tool a manager has. A few small changes turn them from status updates into real conversations about growth.',
    category: 'team-building',
    tags: ['One-on-Ones', 'Feedback', 'Communication'],
    daysAgo: 27,
    content: `Ask a team what they think of their one-on-ones and you will often hear a polite shrug. The meetings happen, mostly, but they drift into project updates that could have been a message. That is a missed opportunity, because a good one-on-one is where trust is built week by week.

## Make it their meeting

The single most useful shift is ownership. The one-on-one belongs to the team member, not the manager. Ask them to bring the agenda, and keep your own items for the end. This signals that the time exists for their priorities, concerns and growth.

A simple shared agenda might include:

- What is on your mind this week?
- Where are you stuck, and what would help?
- What is one thing I could do differently as your manager?
- Anything you want to flag before it becomes a problem?

## Separate status from development

Project status belongs in project tools and team meetings. If updates keep creeping in, agree on a different channel for them. Then use the one-on-one for the conversations that do not happen anywhere else: career goals, working relationships, feedback in both directions and the things people are hesitant to raise in a group.

> If the only thing you discuss in one-on-ones is work in progress, you will only learn about problems once they are already late.

## Keep the rhythm steady

Consistency matters more than length. A thirty-minute conversation every week or two, held reliably, beats an hour that keeps getting moved. When you do need to reschedule, do it yourself and do it early. Cancelling at the last minute tells people where they sit on your list.

## Questions that open things up

Good questions do most of the work. A few that tend to unlock more honest conversations:

1. What has been the most satisfying part of your work lately?
2. What is draining more energy than it should?
3. What skill would you like to be stronger in a year from now?
4. What do you wish I knew about how things are going?

Listen more than you speak, write down what you commit to, and follow up next time. Small, reliable follow-through is what turns a recurring meeting into a trusted relationship. For further reading, [Harvard Business Review](https://hbr.org) has useful pieces on manager conversations, and you can find [more team-focused articles here](/blog).`,
  },
  {
    slug: 'asking-for-a-promotion-with-clarity-and-confidence',
    title: 'Asking for a Promotion With Clarity and Confidence',
    excerpt:
      'Promotions rarely go to the people who simply wait their turn. Learn how to prepare a clear, calm case and have the conversation well.',
    category: 'career-development',
    tags: ['Promotion', 'Negotiation', 'Visibility'],
    daysAgo: 41,
    content: `# Asking for a Promotion With Clarity and Confidence

Many capable professionals assume that good work will speak for itself. Sometimes it does. More often, the people making promotion decisions are busy, and they rely on whatever evidence is put in front of them. Asking well is not self-promotion; it is making a decision easier for someone else.

## Understand what the next level requires

Before you ask, get clear on what the role you want actually involves. Most organizations have some description of levels, even if it is informal. Look for the difference between doing your current job well and already operating at the next level.

Useful questions to explore with your manager or a trusted colleague:

- What distinguishes people at the next level from strong performers at mine?
- Where have you seen me already working at that level?
- What gaps would concern the people involved in the decision?

## Build your case with evidence

Write a short summary of your impact over the last year. Focus on outcomes rather than effort, and include numbers where you can. Note where you have taken on scope beyond your role, supported others or improved how the team works.

> A promotion case is strongest when it describes the job you are already doing, not the job you hope to be given.

## Have the conversation

Choose a calm moment, not the middle of a crisis or the last five minutes of a packed meeting. Keep the structure simple:

1. State your goal plainly: you would like to be considered for the next level.
2. Share the evidence you have gathered, briefly.
3. Ask what it would take, and by when, if the answer is not yet.
4. Agree on a date to revisit progress.

If the answer is no, that is still useful information. Ask for specifics and write them down. A clear no with a plan is far better than a vague maybe that drifts for years.

## After the conversation

Follow up in writing with a short summary of what you agreed. Then act on the feedback visibly. When you return to the conversation, you will be able to show progress against the exact criteria you were given.

If you want to prepare with someone outside your organization, coaching can help you sharpen your case and practise the conversation. [Get in touch](/contact) to talk about it, or explore [other career articles](/blog).`,
  },
  {
    slug: 'giving-feedback-people-can-actually-use',
    title: 'Giving Feedback People Can Actually Use',
    excerpt:
      'Feedback only helps when it is specific, timely and delivered with respect. A practical structure makes hard conversations easier for both sides.',
    category: 'leadership',
    tags: ['Feedback', 'Communication', 'Accountability'],
    daysAgo: 55,
    content: `Most leaders agree that feedback matters, and most of them still put it off. The conversation feels awkward, the timing never seems right, and so a small issue becomes a pattern. Useful feedback is less about courage and more about having a simple, repeatable approach.

## Be specific about behavior

Vague feedback is hard to act on. Saying someone needs to be more strategic or more proactive leaves them guessing. Describe the situation, the specific behavior you observed and the impact it had. Keep it factual and recent.

For example: in yesterday's client call, you answered the pricing question before checking with finance, and the client now expects a discount we cannot offer. That gives the person something concrete to work with.

## A structure that keeps it calm

When a conversation feels difficult, structure helps both of you stay grounded:

1. **Ask first.** How do you think that meeting went?
2. **Describe what you saw.** Stick to observable facts.
3. **Explain the impact.** On the work, the team or the client.
4. **Agree on what happens next.** Make it specific and owned by them.

> Feedback is a gift only if the other person can use it. Clarity is the kindest thing you can offer.

## Balance is about frequency, not formulas

The old habit of sandwiching criticism between two compliments tends to confuse people. Instead, give positive feedback often and on its own, when you see something worth repeating. Then, when corrective feedback comes, it lands within a relationship that already feels fair.

Signs that your feedback culture is healthy:

- People ask for feedback without being prompted.
- Surprises at review time are rare.
- Team members give feedback to each other, not only through you.
- Mistakes are discussed openly and early.

## Make it a habit

Aim to give at least one piece of specific, useful feedback to each direct report every week. Most of it will be positive. That regular practice makes the harder conversations feel far less dramatic when they are needed.

The general idea of a [feedback loop](https://en.wikipedia.org/wiki/Feedback) applies well here: small, frequent signals keep a system on course. If feedback is a sticking point for you or your team, coaching is a good place to practise. [Let us talk](/contact).`,
  },
  {
    slug: 'leading-through-organizational-change',
    title: 'Leading Through Organizational Change',
    excerpt:
      'Change is rarely resisted because people dislike progress. It is resisted because they do not yet understand what it means for them. Leaders can close that gap.',
    category: 'leadership',
    tags: ['Change Management', 'Communication', 'Trust'],
    daysAgo: 68,
    content: `Restructures, new systems, mergers and strategy shifts all have something in common: the plan usually makes sense on paper, and the hard part is the people. Leading change well is less about the announcement and more about the months that follow it.

## Explain the why, then the what

People can accept a great deal of disruption when they understand the reasoning behind it. Start with the problem the change is solving, in plain language. Then explain what will be different, what will stay the same and what is still undecided. Honesty about uncertainty builds more trust than false confidence.

## Expect a range of reactions

In any team, some people will be energized, some will be anxious and some will wait to see whether the change sticks. All of these are normal. Make room for questions and concerns without treating them as disloyalty. The general field of [change management](https://en.wikipedia.org/wiki/Change_management) offers many models, but most agree on one point: people need time to move through the transition.

Practical ways to support your team through it:

- Hold short, regular updates, even when there is little news.
- Create a simple channel for questions and answer them visibly.
- Meet individually with the people most affected.
- Acknowledge what is being lost, not only what is being gained.

> People do not resist change nearly as much as they resist being changed without a say.

## Involve people in the how

The direction may be fixed, but the details rarely are. Invite your team to shape how the change is implemented in their area. When people help design the path, they are far more likely to walk it.

## Watch your own energy

Leaders often carry change on top of their normal workload, while also absorbing the reactions of their teams. Pay attention to your own capacity, and find somewhere to process your concerns that is not in front of your team. That might be a peer, a mentor or a coach.

## Measure what matters

Agree on a few signals that will tell you whether the change is landing:

1. Are people using the new process without workarounds?
2. Are the questions shifting from why to how?
3. Is performance stabilizing after the initial dip?

Change is a core theme in my coaching work. Explore [more leadership articles](/blog) or [book a conversation](/contact) if you are leading a transition right now.`,
  },
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

export const seedSubscribers: SeedSubscriber[] = [
  { firstName: 'Laura', lastName: 'Bennett', email: 'laura.bennett@example.com', daysAgo: 4 },
  { firstName: 'Samuel', lastName: 'Achebe', email: 'sam.achebe@example.org', daysAgo: 23 },
  { firstName: 'Elena', lastName: 'Moreau', email: 'elena.moreau@example.com', daysAgo: 61 },
];

export const seedMessages: SeedMessage[] = [
  {
    name: 'Thomas Whitfield',
    email: 'thomas.whitfield@example.com',
    subject: 'Executive coaching enquiry',
    message:
      'Hello, I recently moved into a COO role and would like to explore one-on-one coaching for the next six months. Could you share how your engagements are usually structured and what availability you have?',
    isRead: true,
    daysAgo: 12,
    ipAddress: '192.0.2.45',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  },
  {
    name: 'Aisha Karim',
    email: 'aisha.karim@example.org',
    subject: 'Small-group coaching for our team leads',
    message:
      'We have five newly promoted team leads and are interested in a small-group programme focused on feedback and delegation. Is this something you offer for a single organization?',
    isRead: true,
    daysAgo: 8,
    ipAddress: '198.51.100.17',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  },
  {
    name: 'Jonas Weber',
    email: 'jonas.weber@example.com',
    subject: null,
    message:
      'I enjoyed your article on managing former peers. I am in exactly that situation now and would appreciate a short introductory call to see whether coaching could help.',
    isRead: false,
    daysAgo: 3,
    ipAddress: '192.0.2.118',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  },
  {
    name: 'Grace Liu',
    email: 'grace.liu@example.org',
    subject: 'Speaking at our leadership offsite',
    message:
      'We are planning a leadership offsite in the autumn and are looking for someone to run a half-day session on building resilience. Would you be open to discussing this?',
    isRead: false,
    daysAgo: 1,
    ipAddress: '198.51.100.203',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  },
];
