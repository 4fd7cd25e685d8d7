import type { SeedArticle } from './articles';

/** Articles for the themed categories (hobbies & collecting, arts & crafts, travel & leisure), written for this site. */
export const seedThemedArticles: SeedArticle[] = [
  {
    title: 'Starting a Collection You Will Still Love in Ten Years', category: 'hobbies-collecting', tier: 'free', daysAgo: 4,
    excerpt: 'The best collections grow from curiosity, not from buying everything at once. Here is how to start small and stay interested.',
    body: `Most collections that fizzle out began with a buying spree. The ones that last began with a question: *why do these objects interest me?*

## Pick a narrow theme

"Stamps" is a lifetime. "Stamps showing lighthouses" is a hobby you can enjoy this weekend. A narrow theme makes every find feel meaningful and keeps the budget honest.

## Learn before you buy

Spend your first month reading, visiting a club or browsing a fair without a wallet. You will learn what is common, what is rare and what the fakes look like.

## Keep a simple record

A notebook or spreadsheet with where, when and how much turns a pile of objects into a story you can share.

## Set a monthly limit

Collecting should be a joy, not a worry. Decide on a small monthly amount and let the hunt be part of the fun.`,
  },
  {
    title: 'Weekend Flea Markets: A Beginner’s Field Guide', category: 'hobbies-collecting', tier: 'free', daysAgo: 11,
    excerpt: 'Arrive early, bring small change and talk to the sellers. A few habits turn a morning at the market into a treasure hunt.',
    body: `Flea markets reward patience and good manners more than deep pockets.

## Before you go

- Bring cash in small notes and a tote bag.
- Check the weather and wear comfortable shoes.
- Write down the two or three things you are looking for.

## At the market

Walk the whole market once before buying anything. Ask sellers about the history of a piece; many enjoy telling it, and the conversation often leads to a fair price.

## Knowing when to walk away

If a price feels wrong and the seller will not move, thank them and keep walking. There is always another stall — and another Sunday.`,
  },
  {
    title: 'Caring for Your Collection: Storage, Light and Labels', category: 'hobbies-collecting', tier: 'pro', daysAgo: 20,
    excerpt: 'Sunlight, damp and careless handling ruin more collections than time does. Simple storage habits keep your pieces in good shape.',
    body: `A collection is only as good as its condition. Three enemies do most of the damage: light, moisture and hands.

## Light

Direct sunlight fades paper, fabric and paint within months. Display favourites away from windows and rotate what is on show.

## Moisture

Keep boxes off the floor and away from outside walls. A few silica gel packs in closed boxes help more than you would expect.

## Handling

Clean, dry hands — or cotton gloves for photographs and coins. Hold items by their edges.

## Labels

Label the storage, not the object. An acid-free card with the item's number and notes will outlive any sticky label.`,
  },
  {
    title: 'Watercolour in Twenty Minutes a Day', category: 'arts-crafts', tier: 'free', daysAgo: 3,
    excerpt: 'You do not need a studio or a free afternoon. A small kit and a daily twenty-minute habit will take you further than you think.',
    body: `Watercolour looks difficult because it is unpredictable — and that is also what makes it fun.

## A small kit

A pocket palette of six colours, one round brush (size 8), a water pen and a pad of 300 g/m² paper are enough for months.

## The daily habit

Set a timer for twenty minutes. Paint one small thing: a cup, a leaf, the view from your window. Stop when the timer rings, even mid-stroke.

## Three exercises worth repeating

1. Flat washes: even colour across a small square.
2. Gradients: from full colour to clear water.
3. Wet-in-wet: drop a second colour into a wet wash and watch.

After a month, lay your pages side by side. The progress is the motivation.`,
  },
  {
    title: 'Upcycling Old Jars into Useful Things', category: 'arts-crafts', tier: 'free', daysAgo: 9,
    excerpt: 'Glass jars are free, sturdy and endlessly useful. A few simple projects turn the recycling bin into a craft drawer.',
    body: `Before the next jar goes in the recycling, give it a second life.

## Getting labels off

Soak the jar in warm water with a spoon of baking soda for an hour. Leftover glue comes off with a little cooking oil.

## Three easy projects

- **Desk organiser:** three jars of different heights, painted on the outside, for pens, brushes and scissors.
- **Herb pots:** a layer of pebbles, then soil, on a sunny windowsill.
- **Lantern:** wrap the jar in tissue paper with diluted craft glue and put a battery candle inside.

## Make it a gift

A jar of home-made granola or bath salts with a hand-drawn label is a present people keep.`,
  },
  {
    title: 'Finding Your Craft: A Month of Small Experiments', category: 'arts-crafts', tier: 'pro', daysAgo: 18,
    excerpt: 'Not sure which craft is yours? Try four in four weeks, spend little, and let enjoyment — not talent — decide.',
    body: `Many people never start a craft because they cannot choose one. Treat the choice as an experiment instead.

## The plan

Pick four crafts you are curious about — for example knitting, clay, lino printing and paper cutting. Give each one week and a budget of the cost of a lunch.

## What to notice

At the end of each week, write down three things: when you lost track of time, what frustrated you, and whether you want to do it again.

## Choosing

The craft to keep is the one you missed when the week was over, not the one you were best at. Skill follows enjoyment.`,
  },
  {
    title: 'Packing Light: One Bag for Any Trip', category: 'travel-leisure', tier: 'free', daysAgo: 6,
    excerpt: 'A single carry-on saves money, time and your back. The secret is a short list and clothes that work together.',
    body: `Travelling with one bag feels like freedom: no waiting at the carousel, no dragging a suitcase over cobbles.

## Choose a colour scheme

Pick two base colours and one accent. Everything then goes with everything, and three tops become nine outfits.

## The short list

- Two pairs of shoes, one of them on your feet.
- Clothes for four days; wash in the sink on day four.
- A light layer and a rain jacket.
- Toiletries in travel sizes, in one clear bag.

## The last check

Lay everything out the night before and remove a third of it. You will not miss it.`,
  },
];
