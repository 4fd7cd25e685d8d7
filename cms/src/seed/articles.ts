/** Seed articles, written for this site. Markdown bodies are converted to rich text by the seed. */
type Tier = 'free' | 'pro' | 'vip';
export type SeedArticle = {
  title: string; category: string; tier: Tier; excerpt: string; body: string; daysAgo: number; author?: string;
  interactive?: {
    keyPoints: string[];
    guides: { type: 'mentor' | 'coach' | 'friend' | 'expert'; title: string; message: string; triggerAt: string }[];
    quiz: { title: string; description: string; questions: { question: string; options: string[]; correctAnswer: number; explanation: string }[] };
    experiment: { title: string; description: string; steps: string[]; conclusion: string };
  };
};

export const seedArticles: SeedArticle[] = [
  {
    title: 'The Two-Minute Rule for Building Habits', category: 'self-help-personal-development', tier: 'free', daysAgo: 2,
    excerpt: 'Big goals stall because the first step is too heavy. Shrink every new habit until it takes two minutes, then let it grow.',
    body: `Most habits fail on day one, not day thirty. We picture the finished version — an hour at the gym, a chapter a night — and the gap between that picture and a tired Tuesday is too wide to cross.

## Make the first step tiny

Scale the habit down until it takes two minutes or less. "Read every night" becomes "read one page". "Run three times a week" becomes "put on running shoes". It feels almost silly, and that is the point: you are practising *showing up*, not performing.

## Why it works

- Starting is the hardest part; a tiny start removes the negotiation.
- Repetition builds identity. Each small win is a vote for "I am someone who reads".
- Once you have begun, continuing is easy. Many days the two minutes become twenty.

## Try it this week

Pick one habit. Write its two-minute version on a sticky note and attach it to the place where it happens. Do only that for seven days. Growth can wait until the habit has roots.`,
  },
  {
    title: 'Journaling for Clarity: Five Prompts That Work', category: 'self-help-personal-development', tier: 'free', daysAgo: 5,
    excerpt: 'A blank page can be intimidating. These five prompts turn journaling into a ten-minute thinking tool you will actually use.',
    body: `Journaling is not about beautiful sentences. It is a way to move thoughts out of your head, where they loop, onto paper, where you can look at them.

## Five prompts

1. **What is taking up the most space in my mind right now?** Name it plainly.
2. **What do I actually know about it, and what am I assuming?** Separate facts from stories.
3. **What would I tell a friend in this situation?** We are kinder and wiser with others.
4. **What is one thing I can do in the next 24 hours?** Keep it concrete.
5. **What went well today?** End on something true and good.

## Keep it light

Ten minutes is enough. Use the same notebook and the same time each day, so the habit has a home. If you miss a day, simply start again — a journal never keeps score.`,
  },
  {
    title: 'Designing a Morning Routine That Survives Real Life', category: 'self-help-personal-development', tier: 'pro', daysAgo: 9,
    excerpt: 'Forget the 5 a.m. routines of famous founders. Here is how to build a morning that fits your sleep, your family and your job.',
    body: `A good morning routine is not a performance. It is a short sequence that puts you in charge of the day before the day starts making demands.

## Start from your constraints

Write down when you must leave the house or start work, who else needs you in the morning, and how much sleep you need. Your routine lives in whatever time is left — even if that is fifteen minutes.

## The four building blocks

- **Body:** water, daylight and a few minutes of movement.
- **Mind:** two minutes of quiet — breathing, prayer or simply sitting with coffee.
- **Direction:** one written priority for the day.
- **Preparation:** whatever makes the rest of the morning smoother, like packing bags the night before.

## Protect it with an "ugly" version

On bad days, do the smallest version: a glass of water and one priority. The routine survives because it bends instead of breaking.

## Review monthly

Once a month, ask what still helps and what has become ritual for its own sake. Keep what earns its place.`,
  },
  {
    title: 'The Inner Critic: Turning Down the Volume', category: 'self-help-personal-development', tier: 'vip', daysAgo: 14,
    excerpt: 'Everyone has a harsh inner voice. You cannot delete it, but you can learn to hear it, question it and answer back.',
    body: `The inner critic speaks in absolutes: *always*, *never*, *everyone will see*. It usually started as protection — a way to avoid embarrassment or rejection — and it kept talking long after it stopped being useful.

## Name it

Give the critic a name or a character. "Ah, that is the Headmaster again." Naming creates distance between you and the voice.

## Question it

Ask three questions of any harsh thought: Is it completely true? What is the evidence against it? What would I gain by believing a more balanced version?

## Answer with a coach's voice

Write the reply a good coach would give: honest about the mistake, specific about the fix, confident in your ability to make it. Read it aloud.

## Practise daily

For two weeks, catch one critical thought a day and write the coach's answer. Most people notice the critic becoming quieter — not because it is gone, but because it no longer gets the final word.`,
  },
  {
    title: 'Confidence Is a Skill, Not a Trait', category: 'self-confidence', tier: 'free', daysAgo: 3,
    excerpt: 'Confident people were not born that way. Confidence grows from evidence, and you can collect evidence on purpose.',
    body: `We tend to treat confidence as something people either have or lack. In practice it behaves like a skill: it grows with deliberate practice and shrinks with avoidance.

## Confidence follows action

Waiting to feel confident before acting gets the order backwards. Act first, in small and safe ways, and the feeling follows as evidence piles up.

## Build a ladder

Write down a situation that scares you — speaking up in a meeting, for example — and break it into rungs: asking one question, sharing one opinion, presenting for two minutes. Climb one rung a week.

## Keep a proof file

After each rung, write one sentence about what you did and what happened. On low days, read the file. Your memory forgets progress; paper does not.`,
  },
  {
    title: 'Body Language Basics for Quiet People', category: 'self-confidence', tier: 'free', daysAgo: 11,
    excerpt: 'You do not need to become louder to be taken seriously. Small changes in posture, eye contact and pace do most of the work.',
    body: `Introverts often worry that being quiet reads as being unsure. Your body can carry confidence even when you say little.

## Three small adjustments

- **Take up your space.** Feet planted, shoulders relaxed and back, hands visible.
- **Hold eye contact a beat longer.** Finish your sentence while still looking at the listener.
- **Slow down.** Pausing before you answer signals thought, not hesitation.

## Practise where it is easy

Try one adjustment at the supermarket checkout or with a friend before using it in a high-stakes meeting. Like any skill, it becomes natural with repetition.`,
  },
  {
    title: 'Handling Criticism Without Shrinking', category: 'self-confidence', tier: 'pro', daysAgo: 20,
    excerpt: 'Feedback stings most when we treat it as a verdict on who we are. Learn to separate the useful part from the sting.',
    body: `Criticism lands on two levels: the information and the emotion. Confident people do not feel less; they have a process for separating the two.

## In the moment

Breathe, listen to the end and say "Thank you — let me think about that." You do not owe an immediate defence.

## Afterwards, sort it

Write the feedback down and sort it into three columns: *true and useful*, *partly true*, *not true*. Act on the first column. Ask a trusted person about the second. Let the third go.

## Close the loop

If you change something, tell the person. It turns a hard moment into a relationship that trusts you with honest feedback — one of the most valuable things a career can have.`,
  },
  {
    title: 'Time Blocking: Give Every Hour a Job', category: 'time-management', tier: 'free', daysAgo: 4,
    excerpt: 'A to-do list tells you what to do. A time-blocked calendar tells you when. That difference changes everything.',
    body: `To-do lists grow; days do not. Time blocking closes the gap by putting tasks on the calendar, where they have to compete honestly for the hours you actually have.

## How to start

1. At the end of the workday, look at tomorrow's calendar.
2. Block your most important task into your best-energy hours.
3. Group small tasks — email, calls, admin — into one or two batches.
4. Leave a buffer block of thirty minutes for the unexpected.

## When the plan breaks

It will. Rather than abandoning the calendar, redraw the rest of the day in two minutes. The point is not perfect prediction but deliberate choice.`,
  },
  {
    title: 'The Weekly Review in Twenty Minutes', category: 'time-management', tier: 'pro', daysAgo: 8,
    excerpt: 'A short weekly review is the single habit that keeps every other productivity system from falling apart.',
    body: `Systems decay. Notes pile up, commitments slip and the calendar fills with things you never chose. A weekly review is the maintenance that keeps it all trustworthy.

## The twenty-minute version

- **Clear (5 min):** empty your inboxes, notes and pockets into one list.
- **Review (5 min):** look at last week's calendar and next week's. What needs follow-up or preparation?
- **Choose (5 min):** pick three outcomes that would make next week a success.
- **Schedule (5 min):** block time for those three outcomes first.

## Make it a ritual

Same time, same place, perhaps with a favourite drink. Friday afternoon works well; so does Sunday evening. What matters is that it happens.`,
  },
  {
    title: 'Beating Procrastination with Implementation Intentions', category: 'time-management', tier: 'vip', daysAgo: 17,
    excerpt: '"I will do it later" is a wish. "When I finish lunch, I will open the report" is a plan your brain can follow.',
    body: `Procrastination is rarely laziness. It is usually an unclear next step or an unpleasant feeling attached to the task.

## If-then plans

An implementation intention has a simple form: *When situation X happens, I will do Y.* "When I sit down after lunch, I will write the first paragraph of the report." Research on this kind of planning consistently finds it makes follow-through more likely.

## Shrink the start

Pair the plan with a tiny first action — open the file, write one sentence. Starting is the hard part; momentum does the rest.

## Plan for obstacles

Add a second plan for the likely obstacle: "If I feel the urge to check my phone, I will put it in the other room." Anticipated obstacles lose much of their power.`,
  },
  {
    title: 'Budgeting Basics: Where Does the Money Go?', category: 'financial-insight', tier: 'free', daysAgo: 6,
    excerpt: 'Before you can change your spending you have to see it. A simple 30-day tracking exercise shows you more than any app.',
    body: `Most people underestimate what they spend on small, frequent things and overestimate what they spend on big ones. Tracking fixes the picture.

## The 30-day exercise

Write down every expense for 30 days — amount, what it was and how you felt about it afterwards. Use a notebook or a notes app; the tool matters less than the honesty.

## Sort into three groups

- **Needs:** housing, food, transport, insurance.
- **Wants:** things you enjoy and would miss.
- **Leaks:** spending you did not notice or regret.

## Then make one change

Do not overhaul everything. Plug the biggest leak first and send that amount to savings automatically on payday.`,
  },
  {
    title: 'Building an Emergency Fund Step by Step', category: 'financial-insight', tier: 'free', daysAgo: 13,
    excerpt: 'An emergency fund turns a crisis into an inconvenience. Here is how to build one even on a tight income.',
    body: `Car repairs, medical bills and job changes are not rare surprises; they are normal parts of life that arrive at unpredictable times. An emergency fund is how you pay for them without debt.

## Milestones, not one big number

1. **Starter fund:** enough to cover one unexpected bill, often around $1,000.
2. **One month of essential expenses.**
3. **Three to six months**, depending on how stable your income is.

## Make it automatic

Open a separate savings account and schedule a transfer on payday, even a small one. Money you never see in your checking account is money you will not spend.

## Use it, then refill it

The fund exists to be used. When you dip into it, pause other goals briefly and refill it first.`,
  },
  {
    title: 'Paying Off Debt: Snowball vs. Avalanche', category: 'financial-insight', tier: 'pro', daysAgo: 22,
    excerpt: 'Two proven ways to pay off debt — one saves the most interest, the other builds the most motivation. Pick the one you will finish.',
    body: `Both methods start the same way: list every debt with its balance, interest rate and minimum payment, and pay the minimum on all of them.

## The avalanche

Put every extra dollar toward the debt with the **highest interest rate**. Mathematically, this costs the least.

## The snowball

Put every extra dollar toward the **smallest balance**. You clear whole debts sooner, and each win fuels the next.

## How to choose

If you are motivated by numbers, use the avalanche. If you have tried before and lost steam, use the snowball. The best plan is the one you follow to zero.

## Avoid new debt on the way

Pause the card you are paying off, keep your emergency fund growing, and celebrate each closed account.`,
  },
  {
    title: 'Sleep: The Habit Behind All Other Habits', category: 'health', tier: 'free', daysAgo: 1,
    excerpt: 'Willpower, mood and focus all depend on sleep. Small changes to your evenings can make a big difference to your days.',
    body: `When sleep slips, everything else gets harder: we snack more, snap more and focus less. Protecting sleep is one of the highest-return habits you can build.

## Evening basics

- Keep a consistent wake-up time, even at weekends.
- Dim lights and screens in the last hour before bed.
- Keep the bedroom cool, dark and quiet.
- Save caffeine for the morning.

## A wind-down routine

Choose three calm steps — a warm shower, a few pages of a paper book, a short stretch — and do them in the same order each night. The routine becomes a signal to your body that sleep is next.

If poor sleep continues for weeks, talk to a doctor; it can have medical causes worth checking.`,
  },
  {
    title: 'Walking: The Most Underrated Exercise', category: 'health', tier: 'free', daysAgo: 16,
    excerpt: 'No gym, no equipment, no special skill. A daily walk improves mood, sleep and heart health more than most people expect.',
    body: `Walking is easy to dismiss because it is easy to do. That is exactly its strength: it is the exercise you can keep doing for decades.

## Make it a habit

- Attach it to something you already do: a walk after lunch or after dinner.
- Start with ten minutes and add five each week.
- Walk with a friend or a podcast to make the time pass.

## Add variety

Hills, stairs and a brisk pace for a few minutes at a time raise the effort without needing a plan. On weekends, try a longer walk somewhere new.

As always, check with your doctor before starting any new exercise if you have a health condition.`,
  },
  {
    title: 'Eating Well on a Busy Schedule', category: 'health', tier: 'pro', daysAgo: 24,
    excerpt: 'Healthy eating does not need perfect meal plans. A few defaults and a little preparation carry most of the load.',
    body: `Busy weeks break good intentions. Defaults — decisions made once and repeated — keep eating reasonable without daily willpower.

## Three defaults worth setting

- **A standard breakfast** you like and can make in five minutes.
- **A lunch template:** a protein, a vegetable, a whole grain.
- **Two emergency dinners** from pantry staples for nights when plans fall apart.

## One hour of preparation

On the weekend, wash and chop vegetables, cook a pot of grains and prepare one protein. Weeknight cooking becomes assembly.

## Keep it flexible

Aim for "better most of the time", not perfect. A takeaway on Friday does not cancel a good week.`,
  },
  {
    title: 'What Is Anger Trying to Tell You?', category: 'anger-management', tier: 'free', daysAgo: 7,
    excerpt: 'Anger is a signal, not a flaw. Learning to read it is the first step toward responding instead of reacting.',
    body: `Anger usually arrives when something we care about feels threatened: fairness, respect, safety or time. The feeling itself is information.

## Notice the early signs

Tight jaw, hot face, faster breathing, clenched hands. Write down your personal early signs; catching anger early gives you choices.

## Ask what is underneath

Often there is hurt, fear or exhaustion beneath anger. Ask: *What do I need right now that I am not getting?*

## Respond later

You do not have to settle anything while you are flooded. "I want to talk about this, but I need twenty minutes first" is a strong and honest sentence.`,
  },
  {
    title: 'The STOP Technique for Heated Moments', category: 'anger-management', tier: 'pro', daysAgo: 19,
    excerpt: 'A four-step pause you can use in the middle of an argument, on the road or in a tense meeting.',
    body: `When anger spikes, the thinking part of the brain goes quiet. STOP is a short script to bring it back online.

## The four steps

- **S — Stop.** Freeze whatever you are about to say or do.
- **T — Take a breath.** One slow breath in through the nose, longer out through the mouth.
- **O — Observe.** What am I feeling in my body? What story am I telling myself?
- **P — Proceed.** Choose a response that matches who you want to be.

## Practise when calm

Rehearse STOP during small irritations — a slow queue, a dropped call — so it is ready for big ones.`,
  },
  {
    title: 'Planning Your First Overnight Hike', category: 'hiking-and-camping', tier: 'free', daysAgo: 10,
    excerpt: 'Your first night on the trail should be memorable for the stars, not the mistakes. Here is a calm, simple plan.',
    body: `An overnight hike is a wonderful step up from day walks, and most problems can be avoided with a little planning.

## Choose an easy route

Pick a well-marked trail of no more than a few hours' walking to a known campsite, ideally one where others camp too.

## Pack the essentials

Navigation, light, sun protection, first aid, a knife, fire-starting, shelter, extra food, extra water and extra clothes. Test your tent at home before you go.

## Tell someone

Leave your route and return time with a friend. Check the weather the night before and be willing to change plans.

Then walk slowly, drink often and enjoy the quiet.`,
  },
  {
    title: 'Leave No Trace: Seven Principles', category: 'hiking-and-camping', tier: 'vip', daysAgo: 25,
    excerpt: 'The places we love stay wild only if we pass through lightly. These seven principles are simple to learn and easy to follow.',
    body: `The Leave No Trace principles are a shared code among hikers and campers. In short:

1. **Plan ahead and prepare** so you are not forced into harmful choices.
2. **Travel and camp on durable surfaces** — trails, rock, gravel, established sites.
3. **Dispose of waste properly:** pack it in, pack it out.
4. **Leave what you find:** stones, plants and artefacts stay where they are.
5. **Minimise campfire impact;** use a stove where fires are discouraged.
6. **Respect wildlife:** watch from a distance and never feed animals.
7. **Be considerate of others:** keep noise down and yield on the trail.

Teach them to the people you hike with; habits spread fastest by example.`,
  },
  {
    title: 'Batch Cooking for a Calmer Week', category: 'cooking-and-recipes', tier: 'free', daysAgo: 12,
    excerpt: 'Two hours on Sunday can save you from five stressful evenings. Here is a simple batch-cooking plan for beginners.',
    body: `Batch cooking is not about eating the same meal all week. It is about preparing building blocks you can combine in different ways.

## The plan

- **One grain:** a big pot of rice or quinoa.
- **One protein:** a tray of roasted chickpeas or chicken.
- **Two vegetables:** one roasted, one raw and chopped.
- **One sauce:** a simple yoghurt-herb or peanut sauce.

## Mix and match

Monday is a grain bowl, Tuesday wraps, Wednesday a quick fried rice. The same ingredients feel new when the format changes.

Store everything in clear containers at eye level in the fridge, so the good choice is also the easy one.`,
  },
  {
    title: 'A Pantry That Rescues Weeknights', category: 'cooking-and-recipes', tier: 'pro', daysAgo: 27,
    excerpt: 'With the right twelve items in your cupboard, a satisfying dinner is never more than twenty minutes away.',
    body: `A well-stocked pantry is a safety net. When plans fall through, it stands between you and an expensive takeaway.

## Twelve staples

Pasta, rice, tinned tomatoes, tinned beans, lentils, stock cubes, olive oil, onions, garlic, eggs, frozen vegetables and a jar of your favourite curry paste.

## Three twenty-minute dinners

- **Tomato and bean pasta** with garlic and a handful of frozen spinach.
- **Egg fried rice** with frozen peas and spring onions.
- **Lentil curry** with curry paste, tinned tomatoes and rice.

Restock as you use things, and the net is always there.`,
  },
  {
    title: 'Slow Travel: Seeing More by Doing Less', category: 'travel-leisure', tier: 'free', daysAgo: 15,
    excerpt: 'Fewer places, longer stays, deeper memories. Slow travel is cheaper, calmer and often more rewarding.',
    body: `Rushing from sight to sight can leave a trip feeling like a checklist. Slow travel means choosing fewer places and staying long enough to settle in.

## How to travel slowly

- Stay at least three nights in each place.
- Leave half of each day unplanned.
- Shop at local markets and cook a meal or two.
- Return to the same café; become a familiar face.

## What you gain

Lower costs, less time in transit and the kind of memories that come from ordinary moments: a conversation with a shop owner, a favourite bench, a walk you repeated every evening.`,
  },
  {
    title: 'Rest Is Productive: Planning a Real Vacation', category: 'travel-leisure', tier: 'vip', daysAgo: 28,
    excerpt: 'Many holidays leave us more tired than before. A few planning choices make the difference between a trip and a true rest.',
    body: `A real vacation restores energy. That rarely happens by accident; it takes a little design.

## Before you go

Finish or hand over work two days early, set an honest out-of-office message and decide in advance whether you will check email — and when.

## While you are away

Build the days around rest, movement and something new. Sleep without an alarm for at least a few mornings.

## Coming back

Leave a buffer day at home before returning to work. Use it to unpack, restock and ease back in, so the benefits of your rest last longer than the journey home.`,
  },
];

/** Two interactive articles using all four parts: key points, character guides, quiz, experiment. */
export const seedInteractiveArticles: SeedArticle[] = [
  {
    title: 'Interactive: Build Your Focus Muscle', category: 'self-help-personal-development', tier: 'free', daysAgo: 0,
    excerpt: 'An interactive lesson on attention: learn why focus fades, try a five-day experiment and check your understanding with a quiz.',
    body: `Attention is like a muscle: it tires with use, recovers with rest and grows stronger with deliberate practice.

## Why focus fades

Every notification, tab and half-finished task pulls on your attention. Switching between them has a cost — it takes time to fully return to what you were doing, and the "attention residue" of the last task lingers.

## Training focus

- **Single-tasking:** one task, one window, one timer.
- **Focus sprints:** start with 15 minutes, then rest for 3.
- **Distraction list:** when an unrelated thought appears, write it down and return to the task.

## Rest is part of training

Short breaks away from screens — a walk, a stretch, looking out of a window — let attention recover. Without rest, longer sessions only produce tired work.

## Grow gradually

Add five minutes to your sprint each week. In a month you may be surprised how long you can stay with one thing.`,
    interactive: {
      keyPoints: [
        'Attention tires with use and recovers with rest.',
        'Task switching leaves "attention residue" that slows you down.',
        'Short, timed focus sprints build concentration gradually.',
        'A distraction list lets you park thoughts without acting on them.',
      ],
      guides: [
        { type: 'mentor', title: 'Welcome!', message: 'Read slowly and notice when your attention drifts — that is the muscle we are training.', triggerAt: 'start' },
        { type: 'coach', title: 'Halfway there', message: 'Quick check: how many times did you want to switch tabs so far? No judgement — just notice.', triggerAt: 'middle' },
        { type: 'friend', title: 'Nice work', message: 'You stayed with one article to the end. Try the quiz below to lock it in.', triggerAt: 'end' },
      ],
      quiz: {
        title: 'Focus Check', description: 'Three questions on what you just read.',
        questions: [
          { question: 'What is "attention residue"?', options: ['Tiredness after sleep', 'Leftover attention on a previous task after switching', 'A kind of notification', 'Dust on your screen'], correctAnswer: 1, explanation: 'When you switch tasks, part of your attention stays with the last one for a while.' },
          { question: 'How long should a first focus sprint be?', options: ['About 15 minutes', 'Two hours', 'One minute', 'As long as possible'], correctAnswer: 0, explanation: 'Start with around 15 minutes and grow from there.' },
          { question: 'What should you do with an unrelated thought during a sprint?', options: ['Act on it immediately', 'Ignore it forever', 'Write it on a distraction list and return to the task', 'End the sprint'], correctAnswer: 2, explanation: 'Parking the thought on paper frees your attention without losing the idea.' },
        ],
      },
      experiment: {
        title: 'The Five-Day Focus Experiment', description: 'Measure your own focus for five working days.',
        steps: ['Choose one important task for each day.', 'Set a timer for 15 minutes and work only on that task.', 'Keep a distraction list beside you and tally each entry.', 'Take a 3-minute screen-free break after each sprint.', 'At the end of each day, write down how many sprints you finished.'],
        conclusion: 'Compare day one with day five. Most people find the distraction tally falls and the sprints feel easier — evidence that focus can be trained.',
      },
    },
  },
  {
    title: 'Interactive: Money Mindset Makeover', category: 'financial-insight', tier: 'pro', daysAgo: 1,
    excerpt: 'An interactive Pro lesson: uncover the money beliefs you grew up with, test them with a one-week spending experiment and take the quiz.',
    body: `The way we handle money is shaped long before our first paycheque. Phrases we heard as children — "money doesn't grow on trees", "we can't afford that" — become quiet rules that steer our choices.

## Find your money scripts

Write down three things your family said or did about money. Next to each, write how it shows up in your life today. A scarcity script might make you anxious about every purchase; an avoidance script might keep you from opening bank statements.

## Rewrite one script

Choose the script that costs you the most and write a new version that is true and useful: "Money is a tool I can learn to manage" rather than "I'm bad with money".

## Act on the new script

Beliefs change through action. Schedule a 20-minute weekly money date: check balances, review spending and move something to savings. Small, repeated actions are how a new story becomes your own.`,
    interactive: {
      keyPoints: [
        'Money beliefs are learned early and often go unexamined.',
        'Writing down family money messages reveals your scripts.',
        'Rewrite the most costly script into a true, useful statement.',
        'A weekly money date turns a new belief into a habit.',
      ],
      guides: [
        { type: 'expert', title: 'Let\'s begin', message: 'Have a pen ready — you will write down your own money scripts as you read.', triggerAt: 'start' },
        { type: 'coach', title: 'Pause here', message: 'Before going on, write one money phrase you heard growing up.', triggerAt: '35' },
        { type: 'friend', title: 'You made it', message: 'Pick a day this week for your first money date, then test yourself with the quiz.', triggerAt: 'end' },
      ],
      quiz: {
        title: 'Money Mindset Quiz', description: 'Check what stuck.', 
        questions: [
          { question: 'Where do most money scripts come from?', options: ['School exams', 'Messages and habits we learned growing up', 'Bank advertisements', 'Tax law'], correctAnswer: 1, explanation: 'Money scripts usually form in childhood from what we saw and heard.' },
          { question: 'What is a good rewrite of "I\'m bad with money"?', options: ['"Money is evil"', '"I will never be rich"', '"Money is a tool I can learn to manage"', '"Budgets are for other people"'], correctAnswer: 2, explanation: 'A useful rewrite is both true and points toward action.' },
          { question: 'How long is the suggested weekly money date?', options: ['5 minutes', '20 minutes', '2 hours', 'A whole day'], correctAnswer: 1, explanation: 'Twenty minutes a week is enough to stay on top of things.' },
          { question: 'How do beliefs about money change most reliably?', options: ['Through repeated small actions', 'By reading one book', 'By waiting', 'By earning more'], correctAnswer: 0, explanation: 'Action provides the evidence that makes a new belief feel true.' },
        ],
      },
      experiment: {
        title: 'One-Week Spending Mirror', description: 'See your money scripts at work in your own spending.',
        steps: ['Record every purchase for seven days.', 'Next to each, note the feeling you had just before buying.', 'Mark purchases that match one of your money scripts.', 'At the end of the week, total the marked purchases.'],
        conclusion: 'The marked total shows what your old scripts cost you in a single week — and the first place your new script can make a difference.',
      },
    },
  },
];
