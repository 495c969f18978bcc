// The seven newest published sample posts (published 2 to 68 days before seeding); db/seed-data.ts
// lists them before the older ones.
import type { SeedPost } from './types.ts';

export const recentPublishedPosts: SeedPost[] = [
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
];
