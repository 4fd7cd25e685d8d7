/**
 * The fifteen backyard activities (spec 02 §2 "Backyard"), written for this site: projects and
 * play close to home, for Pro members. Bodies are Markdown, converted to rich text when seeded.
 */
export type SeedBackyardArticle = { title: string; summary: string; timeNeeded: string; icon: string; colour: string; body: string };

export const seedBackyardArticles: SeedBackyardArticle[] = [
  {
    title: 'Build a Simple Bird Feeder',
    summary: 'Turn a clean milk carton or a scrap of wood into a feeder and learn who visits your yard.',
    timeNeeded: 'About 1 hour',
    icon: 'sprout',
    colour: '#15803d',
    body: `A bird feeder is the quickest way to bring life to a small yard, and watching who arrives is a daily five-minute pause that costs almost nothing.

## You will need
- A clean, dry milk carton or a 30 cm offcut of untreated wood
- Scissors or a small saw, a pencil and some string
- A wooden spoon or a twig for a perch
- Mixed seed (sunflower hearts suit most small birds)

## Steps
1. Cut a window on two opposite sides of the carton, about 5 cm above the base, so seed stays in the bottom.
2. Push the spoon or twig through just below each window as a perch.
3. Make two holes in the top, thread the string and tie it firmly.
4. Fill with seed to just below the windows and hang it at least 2 m from shrubs where cats can hide.

## Make it a habit
Keep a notebook by the window. Write the date, the weather and every species you see. After a month you will know your regulars, and you will have practised a small daily routine without trying. Clean the feeder every two weeks with hot water so it stays safe for the birds.`,
  },
  {
    title: 'Start a Three-Bin Compost',
    summary: 'Turn kitchen scraps and leaves into dark, crumbly soil with a simple rotating system.',
    timeNeeded: 'An afternoon to set up',
    icon: 'sprout',
    colour: '#65a30d',
    body: `Composting takes waste you already make and turns it into the best food your garden can get. Three bins keep it tidy: one filling, one resting, one ready.

## Greens and browns
Aim for roughly equal amounts by volume of **greens** (vegetable peelings, coffee grounds, fresh grass clippings) and **browns** (dry leaves, shredded cardboard, straw). Too wet and smelly means more browns; dry and slow means more greens and a splash of water.

## Setting up
1. Choose a level, partly shaded spot on bare soil.
2. Build three bays side by side from pallets or wire mesh, each about 1 m wide.
3. Start filling the first bay in layers, finishing each addition with a handful of browns.

## Keeping it going
- Turn the heap with a fork every two weeks to let air in.
- When bay one is full, turn it into bay two and start filling bay one again.
- Compost in the last bay is ready when it smells like a forest floor and you cannot recognise what went in: usually three to six months.

Leave out meat, dairy and cooked food, which attract pests.`,
  },
  {
    title: 'Backyard Stargazing Night',
    summary: 'Find the Big Dipper, the Pole Star and a planet or two with nothing but your eyes.',
    timeNeeded: '1 to 2 hours after dark',
    icon: 'sparkles',
    colour: '#1e3a8a',
    body: `You do not need a telescope to enjoy the night sky. A blanket, a warm drink and twenty minutes for your eyes to adjust are enough.

## Before you start
- Check for a clear night and, if you can, a night near the new moon.
- Switch off outdoor lights and keep your phone on its dimmest red setting.
- Lie back on a blanket rather than craning your neck.

## Three things to find
1. **The Big Dipper.** Seven bright stars shaped like a ladle, part of the constellation Ursa Major. In the northern hemisphere it is visible all year.
2. **The Pole Star.** Follow the two stars at the end of the ladle's bowl upward about five times their distance apart. Polaris barely moves all night, which is why travellers steered by it.
3. **A planet.** Planets shine steadily while stars twinkle. A bright, steady point low in the sky after sunset is often Venus or Jupiter.

## Keep a sky diary
Sketch what you see with the date and time. Return a month later and notice how the sky has turned. It is a gentle lesson in patience and in how small changes add up.`,
  },
  {
    title: 'Plant a Pollinator Patch',
    summary: 'A square metre of flowers that feeds bees and butterflies from spring to autumn.',
    timeNeeded: '2 to 3 hours',
    icon: 'sprout',
    colour: '#c026d3',
    body: `Bees and butterflies need flowers across the whole season. A single well-chosen square metre makes a real difference, and it looks wonderful.

## Choose the spot
Pollinators love sun and shelter from wind. Pick the sunniest corner you have.

## Choose the plants
Mix at least three plants that flower at different times:
- **Spring:** crocus, lungwort or early-flowering herbs such as rosemary.
- **Summer:** lavender, marjoram, borage, cosmos.
- **Autumn:** asters, sedum, ivy flowers.

Single, open flowers are easier for insects to reach than tightly double ones.

## Planting
1. Loosen the soil to a spade's depth and remove weeds.
2. Space plants so they will touch when fully grown.
3. Water well for the first month, then only in dry spells.

## Watch and record
Spend five quiet minutes in the patch each week. Count the visitors and note which flowers are busiest. Next year, plant more of those.`,
  },
  {
    title: 'Make a Rain Gauge and Weather Log',
    summary: 'Measure the rain in your own yard and keep a month of weather notes.',
    timeNeeded: '30 minutes, then 2 minutes a day',
    icon: 'sun',
    colour: '#0284c7',
    body: `Measuring your own weather turns a glance at the sky into a small science habit.

## Build the gauge
1. Cut the top third off a clear plastic bottle with straight sides.
2. Put a few pebbles in the bottom and pour in water until it reaches the start of the straight section. This is your zero line.
3. Turn the cut-off top upside down into the bottle as a funnel.
4. Stick a ruler or a strip of tape marked in millimetres on the side, starting at the zero line.

## Place it well
Set it on open ground, away from roofs and trees, and dig it in slightly so it cannot blow over.

## Keep the log
Every morning at the same time, write down:
- the rain since yesterday (then tip the water back to zero),
- the temperature if you have a thermometer,
- the sky: clear, patchy or overcast,
- one sentence about how the day feels.

After a month, add up the rain and compare your notes with how you slept and felt. Many people find the weather affects them more than they thought.`,
  },
  {
    title: 'Backyard Obstacle Course',
    summary: 'Set up a course from things you own and turn exercise into a family game.',
    timeNeeded: 'About 1 hour',
    icon: 'flame',
    colour: '#ea580c',
    body: `Movement is easier when it feels like play. A homemade obstacle course gets everyone outside and laughing.

## Stations to try
- **Cone weave:** plant pots or shoes in a line to zig-zag around.
- **Hop zone:** hula hoops or chalk circles to jump between.
- **Crawl tunnel:** a blanket over two chairs.
- **Balance beam:** a plank laid flat on the grass.
- **Target toss:** three beanbags into a bucket from two metres.

## Run it
1. Walk everyone through the course slowly once.
2. Time each run with a phone stopwatch.
3. Write the times on a chalkboard and try to beat your own best, not each other's.

## Keep it fresh
Change one station each week. Add a "kindness station" where the runner must high-five someone before moving on. Celebrate personal records: improving on your own time is the point.

Check the ground for stones and keep stations well apart so nobody collides.`,
  },
  {
    title: 'Grow Salad Greens in Containers',
    summary: 'Fresh leaves from a balcony or patio in about four weeks.',
    timeNeeded: '1 hour to plant',
    icon: 'sprout',
    colour: '#16a34a',
    body: `Salad leaves are the most forgiving crop there is. They grow fast, need little space and can be picked again and again.

## You will need
- A container at least 15 cm deep with drainage holes
- Peat-free potting compost
- Seeds of loose-leaf lettuce, rocket, spinach or a mixed salad blend

## Sowing
1. Fill the container to 2 cm below the rim and water it.
2. Scatter seed thinly over the surface and cover with a thin layer of compost.
3. Keep the surface moist; seedlings appear in about a week.

## Growing and picking
- Place the container where it gets morning sun and afternoon shade in hot weather.
- When leaves are about 8 cm tall, cut the outer ones with scissors and leave the centre to keep growing.
- Sow a new container every three weeks for a steady supply.

Growing even a little of your own food is a daily reminder that small, regular care gives results.`,
  },
  {
    title: 'Build a Bug Hotel',
    summary: 'Stack natural materials into a shelter for beetles, bees and other garden helpers.',
    timeNeeded: '2 hours',
    icon: 'sprout',
    colour: '#92400e',
    body: `Many insects that help your garden need dry, sheltered places to spend the winter. A bug hotel gives them one and makes a great weekend build.

## Materials
- Old pallets, bricks or a wooden crate for the frame
- Hollow stems (bamboo canes cut to 15 cm), pine cones, dry leaves, bark and straw
- A few logs with holes drilled 5–8 mm wide and 10 cm deep

## Building
1. Find a sheltered spot with some sun, on level ground.
2. Stack the frame two or three layers high, leaving gaps between layers.
3. Fill each gap with a different material: bundles of canes face south-east for solitary bees, loose bark for beetles, straw for lacewings.
4. Add a roof of old tiles or a board to keep the rain out.

## Afterwards
Leave the hotel undisturbed. Over the seasons, look for sealed holes in the canes — a sign solitary bees have laid their eggs. Keeping a little untidiness nearby, such as a pile of leaves, helps even more.`,
  },
  {
    title: 'Outdoor Mindful Morning',
    summary: 'A fifteen-minute routine in the open air to start the day calm and clear.',
    timeNeeded: '15 minutes',
    icon: 'sun',
    colour: '#f59e0b',
    body: `Morning light and fresh air are two of the easiest ways to set your body clock and your mood. This routine fits before breakfast.

## The routine
1. **Two minutes of standing still.** Feet on the ground, shoes off if the grass is dry. Notice five things you can see and three you can hear.
2. **Five minutes of slow movement.** Roll your shoulders, reach up, fold forward gently, twist side to side. Move with your breath.
3. **Three minutes of box breathing.** Breathe in for four, hold for four, out for four, hold for four.
4. **Five minutes of planning.** With a notebook, write one thing you are grateful for and the single most important task of the day.

## Make it stick
Anchor the routine to something you already do, such as the moment the kettle goes on. Keep your notebook and a jumper by the back door. If it rains, do the same steps at an open window. Miss a day? Start again tomorrow; the habit is in returning, not in a perfect streak.`,
  },
  {
    title: 'DIY Backyard Movie Night',
    summary: 'A sheet, a projector or laptop, and blankets make a cinema under the stars.',
    timeNeeded: '1 hour to set up',
    icon: 'circle-play',
    colour: '#4338ca',
    body: `Shared experiences build closeness, and an outdoor movie night is one people remember.

## Set up
- **Screen:** a white flat sheet pegged tight between two posts or along a fence. Pull out the wrinkles; they show in the picture.
- **Picture:** a small projector, or a laptop on a table for a cosy group.
- **Sound:** a portable speaker beside the screen, not behind the audience.
- **Seating:** blankets, cushions and camping chairs at the back.

## Timing
Start about 30 minutes after sunset so the picture is bright. Test everything in daylight first, including the extension lead and the film itself.

## Make it special
- Let each guest vote on the film from a short list.
- Serve popcorn in paper cones and have a basket of blankets for when it cools.
- Keep the volume considerate and finish at a time your neighbours would be happy with.

Afterwards, ask each person for their favourite moment. Talking about it together is part of the fun.`,
  },
  {
    title: 'Paint Kindness Rocks',
    summary: 'Decorate smooth stones with bright designs and encouraging words to leave for others.',
    timeNeeded: 'About 1 hour',
    icon: 'palette',
    colour: '#db2777',
    body: `Kindness rocks are small painted stones with a hopeful word or picture, left where someone will find them on a hard day.

## You will need
- Smooth, flat stones, washed and dried
- Acrylic paint pens or small pots of acrylic paint and brushes
- An outdoor clear varnish

## Making them
1. Paint a base colour and let it dry for 20 minutes.
2. Add a simple design: a sun, a leaf, stripes or dots.
3. Write a short message: "You've got this", "Breathe", "Keep going".
4. Seal with two thin coats of varnish so they survive the rain.

## Sharing them
Leave them along a footpath, by a park bench or in your own front garden. Keep one for yourself on your desk as a reminder.

## Why it helps
Doing something kind for a stranger lifts your own mood too. Creating with your hands, slowly and without a goal of perfection, is a restful break from screens.`,
  },
  {
    title: 'Build a Raised Garden Bed',
    summary: 'A simple timber bed that makes growing vegetables easier on your back and your soil.',
    timeNeeded: 'Half a day',
    icon: 'sprout',
    colour: '#a16207',
    body: `A raised bed warms up earlier in spring, drains well and keeps paths and beds clearly apart. This design needs no special tools.

## Materials
- Four untreated boards, 2 m × 20 cm, and four more 1 m × 20 cm (two layers)
- Eight corner posts, 5 cm square, 40 cm long
- Exterior screws and a drill
- Cardboard, compost and topsoil to fill

## Building
1. Screw the long and short boards to the corner posts to make a 2 m × 1 m frame, two boards high.
2. Set it on level ground in full sun, with the long sides running north to south if you can.
3. Lay plain cardboard on the bottom to smother grass.
4. Fill with a mix of half topsoil and half compost, and water well.

## First planting
Try easy crops first: salad leaves, dwarf beans, radishes and a couple of courgette plants. Keep the bed 1 m wide so you can reach the middle from both sides without stepping on the soil.

Each spring, top it up with a few centimetres of compost from your heap.`,
  },
  {
    title: 'Nature Scavenger Hunt',
    summary: 'A printable-free hunt that sharpens attention and gets everyone exploring.',
    timeNeeded: '45 minutes',
    icon: 'mountain',
    colour: '#0d9488',
    body: `A scavenger hunt turns an ordinary yard into a place full of details you never noticed.

## The list
Write these on a card for each player, or call them out one at a time:
- Something smooth and something rough
- A leaf with jagged edges
- Three different shades of green
- A feather or a seed that travels on the wind
- Something that smells good
- A sign that an animal has been here
- A shape that looks like a letter of the alphabet
- Something that makes a sound when you move it

## Rules
- Look, don't pick: photograph or sketch living things instead of taking them.
- Put stones and logs back exactly as you found them.
- Meet back after 30 minutes to share finds.

## Reflection
Ask each player which find surprised them most. Paying close attention to small things is the same skill that helps us notice our thoughts and feelings — practise it outdoors and it gets easier everywhere.`,
  },
  {
    title: 'Create a Herb Spiral',
    summary: 'A spiral bed of stones gives sun-lovers and shade-lovers each their place in one small space.',
    timeNeeded: 'A weekend',
    icon: 'sprout',
    colour: '#4d7c0f',
    body: `A herb spiral is a small mound of soil held in a rising coil of stones. The top is dry and sunny, the bottom moist and shaded, so many herbs grow happily in about two square metres.

## Materials
- Bricks or flat stones for a wall about 60 cm high at the centre
- Gravel or rubble for the core
- Sandy soil for the top, rich compost for the bottom

## Building
1. Mark a circle about 1.8 m across in a sunny spot.
2. Lay the first course of stones in a spiral from the outside in, leaving the lower end open on the south side.
3. Fill the centre with rubble, then build the wall up course by course as the spiral rises.
4. Fill with sandy, free-draining soil at the top and richer soil towards the bottom.

## Planting
- **Top:** rosemary, thyme, sage — they like it dry.
- **Middle:** oregano, chives, coriander.
- **Bottom:** parsley, mint (in a buried pot to stop it spreading), and chervil.

Pick a few leaves each day; regular picking keeps herbs bushy and your meals bright.`,
  },
  {
    title: 'Backyard Camp-Out',
    summary: 'A night in a tent close to home: practice for bigger trips and a small adventure in itself.',
    timeNeeded: 'One evening and night',
    icon: 'mountain',
    colour: '#166534',
    body: `Camping in your own yard has all the magic of a night outdoors with a bathroom twenty steps away. It is the ideal trial run for a first real trip.

## Pack as if it were real
- Tent, sleeping mat and a sleeping bag rated for the night's low
- Head torch with fresh batteries
- Warm layers and a hat, even in summer
- A flask of something hot and a simple breakfast

## Evening plan
1. Pitch the tent in daylight on flat ground, door facing away from the wind.
2. Cook something simple outdoors if it is safe and allowed: a camp stove or a barbecue.
3. Tell stories, play cards by torchlight or go on a short night walk listening for owls.
4. Lights out: notice the sounds of the yard at night.

## In the morning
Write down what you wished you had packed and what you did not need. That list becomes your kit list for the next trip. Small experiments close to home make bigger adventures easier to start.`,
  },
];
