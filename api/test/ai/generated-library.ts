import type { SeedArticle } from '../seed-content.ts';

/**
 * A large, varied library for the assistant's "nothing found" (issue 47 #14): articles on 51 topics
 * the demo content does not cover (beekeeping, knitting, scuba diving, cheese making …), each topic
 * with its own words — what its people do, the things they work with, their tools and troubles —
 * put together by templates the way a busy blog writes, with a seeded random choice so the same
 * call gives the same library. Nothing here copies the seed's articles, and no topic is one that
 * the evaluation's questions the site has nothing on ask about (cars, sport results, computers,
 * gardening, music, history …; generated.json).
 */
export type GeneratedTopic = {
  name: string;
  category: string;
  people: string;
  actions: string[];
  things: string[];
  tools: string[];
  troubles: string[];
};

// name | category | people | actions (what an article teaches) | things | tools | troubles
const TOPICS_TEXT = `
beekeeping|hobbies-collecting|beekeepers|inspect a hive; harvest honey; catch a swarm; treat varroa mites; feed a colony through winter; requeen a hive; render beeswax|brood frame; queen cell; honey super; drone comb; propolis; nectar flow; worker bee|hive tool; smoker; bee suit; uncapping knife; honey extractor|swarming in spring; a queenless colony; wax moth; robbing by wasps
knitting|arts-crafts|knitters|cast on; knit a sock heel; read a knitting chart; block a shawl; pick up dropped stitches; knit cables; choose yarn weight|stitch marker; purl row; cable twist; gauge swatch; merino yarn; ribbing; heel flap|circular needle; cable needle; row counter; darning needle; yarn swift|laddering between needles; tension that is too tight; a twisted cast-on; yarn that splits
pottery|arts-crafts|potters|center clay on the wheel; throw a cylinder; trim a bowl; glaze a mug; wedge clay; fire a kiln; pull a handle|stoneware clay; slip; greenware; bisque; underglaze; foot ring; leather-hard piece|pottery wheel; trimming tool; kiln; rib; wire cutter|cracks while drying; glaze crawling; an off-centre pot; air bubbles in the clay
sourdough baking|cooking-and-recipes|home bakers|feed a sourdough starter; shape a boule; score a loaf; build an open crumb; bake in a dutch oven; revive a sluggish starter; make sourdough pancakes|levain; autolyse; bulk ferment; rye flour; gluten window; oven spring; proofing basket|banneton; bench scraper; lame; dutch oven; kitchen scale|a gummy crumb; a flat loaf; hooch on the starter; dough that sticks to everything
aquarium keeping|hobbies-collecting|fishkeepers|cycle a new tank; change tank water; aquascape a planted tank; acclimate new fish; clean an aquarium filter; breed guppies; keep shrimp|nitrate level; ammonia spike; beneficial bacteria; substrate; driftwood; tetra; java fern|gravel vacuum; canister filter; water test kit; aquarium heater; dechlorinator|cloudy water; algae bloom; fin rot; fish gasping at the surface
calligraphy|arts-crafts|letterers|hold a dip pen; write copperplate; practise brush lettering; space letters evenly; mix gouache for lettering; address wedding envelopes; draw guidelines|nib; downstroke; hairline; ascender; x-height; flourish; ink flow|oblique holder; brush pen; light pad; pointed nib; layout paper|ink that bleeds; shaky hairlines; uneven slant; a nib that snags the paper
origami|arts-crafts|paper folders|fold a crane; fold a modular star; read crease patterns; wet-fold paper; fold a paper boat with kids; make an origami box; fold a tessellation|valley fold; mountain fold; squash fold; kami paper; crease pattern; petal fold; reverse fold|bone folder; washi sheets; cutting mat; tweezers; tant paper|torn corners; creases that will not lie flat; paper that is too thick; a model that unfolds
rock climbing|hiking-and-camping|climbers|tie a figure-eight knot; belay a partner; boulder your first problem; climb an overhang; fall safely; lead a sport route; train finger strength|crimp hold; sloper; top rope; quickdraw; chalk bag; bouldering mat; crux|harness; belay device; climbing shoes; carabiner; hangboard|forearm pump; fear of falling; a flapper on the fingertip; sore finger pulleys
kayaking|travel-leisure|paddlers|choose a sea kayak; paddle in a straight line; do an eskimo roll; launch from a beach; paddle in wind; do a wet exit; plan a kayak trip|spray deck; bow; stern; sweep stroke; skeg; tidal current; bulkhead|paddle float; bilge pump; buoyancy aid; dry bag; deck compass|capsizing in cold water; weathercocking; a sore lower back; getting stuck on a sandbar
birdwatching|hiking-and-camping|birders|identify birds by song; choose binoculars; keep a bird list; attract birds to a feeder; photograph garden birds; count birds for a survey; spot birds of prey|warbler; plumage; wingbar; migration; field mark; raptor; dawn chorus|binoculars; field guide; spotting scope; bird feeder; notebook|confusing two sparrows; birds that never visit the feeder; fogged lenses; a cat near the feeder
yoga|health|yoga students|hold downward dog; build a home yoga practice; do a sun salutation; balance in tree pose; breathe in yoga; stretch tight hamstrings; practise restorative yoga|asana; vinyasa; savasana; warrior pose; chaturanga; pranayama; bolster|yoga mat; yoga block; strap; bolster; meditation cushion|wrist pain in plank; wobbly balance; tight hips; feeling stiff every morning
woodworking|arts-crafts|woodworkers|cut a dovetail joint; sharpen a chisel; build a bookshelf; finish oak with oil; plane a board flat; glue up a tabletop; cut a mortise and tenon|grain direction; tenon; hardwood; veneer; end grain; sawdust; dowel|chisel; hand plane; marking gauge; clamp; tenon saw|tear-out; a joint that is too loose; splitting boards; glue squeeze-out
candle making|arts-crafts|candle makers|pour soy candles; choose a wick size; add fragrance oil; make container candles; fix a sunken candle top; colour wax; make pillar candles|soy wax; paraffin; wick tab; melt pool; fragrance load; cure time; frosting|double boiler; pouring jug; thermometer; wick centring tool; heat gun|tunnelling; wet spots on the glass; a weak scent throw; a wick that mushrooms
soap making|arts-crafts|soap makers|make cold process soap; calculate lye; swirl soap colours; cure soap bars; make melt and pour soap; add essential oils to soap; unmould soap|lye solution; saponification; trace; superfat; olive oil; soap batter; gel phase|stick blender; soap mould; safety goggles; digital scale; lye calculator|soda ash; soap that seizes; a crumbly bar; oily pockets
cheese making|cooking-and-recipes|cheese makers|make fresh mozzarella; age a cheddar; make ricotta at home; salt cheese with brine; press a hard cheese; wax a wheel of cheese; culture yoghurt|curd; whey; rennet; starter culture; rind; cheese cave; calcium chloride|cheese press; curd knife; cheesecloth; cheese mould; thermometer|curds that will not set; a bitter taste; mould on the rind; rubbery mozzarella
home brewing|cooking-and-recipes|home brewers|brew an all-grain pale ale; sanitise brewing gear; pitch yeast; dry hop a beer; bottle condition beer; measure gravity; brew a stout|wort; mash tun; hops; specific gravity; fermenter; malt; airlock|hydrometer; brew kettle; auto-siphon; bottle capper; wort chiller|a stuck fermentation; off-flavours; bottle bombs; infection in the fermenter
coffee brewing|cooking-and-recipes|coffee lovers|brew a pour-over; dial in espresso; grind beans for french press; make cold brew; steam milk for a latte; choose a coffee bean; clean an espresso machine|crema; bloom; extraction; single origin; burr grinder setting; roast level; milk foam|burr grinder; gooseneck kettle; aeropress; tamper; milk jug|bitter coffee; sour espresso; channeling in the puck; flat milk foam
tea|cooking-and-recipes|tea drinkers|brew loose-leaf green tea; make a gongfu session; choose an oolong; make chai from scratch; store tea leaves; cold brew tea; taste matcha|oolong; pu-erh; steep time; tannin; tea leaf grade; matcha whisk; infusion|gaiwan; teapot; tea strainer; bamboo whisk; kettle with temperature control|astringent tea; stale leaves; cloudy iced tea; lumpy matcha
sewing|arts-crafts|sewists|thread a sewing machine; sew a straight seam; hem trousers; put in a zip; read a sewing pattern; sew a button; take in a dress|seam allowance; bobbin; selvedge; dart; interfacing; bias binding; pattern piece|sewing machine; pinking shears; seam ripper; tailor's chalk; dress form|skipped stitches; puckered seams; bobbin thread tangles; fabric that stretches
embroidery|arts-crafts|embroiderers|do a satin stitch; transfer a pattern onto fabric; make a french knot; stitch lettering; frame embroidery in a hoop; choose embroidery floss; do cross stitch|floss; stranded cotton; aida cloth; backstitch; chain stitch; needle painting; stabiliser|embroidery hoop; embroidery needle; water-soluble pen; thread organiser; small scissors|puckered fabric; knotted floss; loose french knots; uneven satin stitch
skincare|health|people with sensitive skin|build a skincare routine; choose sunscreen; treat dry skin in winter; use retinol; double cleanse; calm redness; patch test a product|moisturiser; serum; SPF; exfoliant; niacinamide; skin barrier; pores|cleanser; toner pad; sheet mask; facial roller; pH strips|breakouts; flaky patches; irritation from actives; oily shine by midday
running|health|runners|train for a first 10k; run a faster mile; prevent shin splints; pace a half marathon; warm up before a run; run in hot weather; start running after a break|tempo run; interval; cadence; long run; negative split; taper; stride|running shoes; heart rate monitor; foam roller; running watch; hydration vest|shin splints; a side stitch; runner's knee; hitting the wall
backyard chickens|hobbies-collecting|chicken keepers|build a chicken coop; raise chicks; get hens to lay; keep chickens safe from foxes; introduce new hens; clean a coop; feed laying hens|laying hen; rooster; nesting box; pecking order; layer pellets; roost; broody hen|waterer; feeder; heat lamp; coop door opener; wire mesh|egg eating; feather pecking; a hen that stops laying; red mites
cat care|health|cat owners|introduce a new cat; trim cat claws; choose cat food; litter train a kitten; brush a long-haired cat; keep an indoor cat happy; give a cat a pill|kitten; litter box; scratching post; hairball; catnip; whiskers; purr|cat carrier; slicker brush; nail clipper; puzzle feeder; cat tree|scratching the sofa; peeing outside the box; hissing at a new pet; a cat that will not eat
parrot keeping|hobbies-collecting|parrot owners|tame a budgie; teach a parrot to talk; choose a bird cage; clip wings safely; stop a parrot biting; feed a cockatiel; bathe a parrot|budgie; cockatiel; perch; seed mix; cuttlebone; moult; crest|bird cage; perch; foraging toy; bird bath; clicker|feather plucking; screaming at dawn; biting; a bird that seems bored
fishing|hiking-and-camping|anglers|tie a fishing knot; cast a spinning rod; fly fish a river; choose bait for trout; fish from a pier; release a fish safely; read a river for fish|trout; carp; lure; fly line; leader; hook size; riffle|fishing rod; reel; landing net; tackle box; waders|line tangles; fish that do not bite; snagged lures; a bird's nest in the reel
genealogy|hobbies-collecting|family historians|start a family tree; read old census records; use a DNA test for ancestry; find a birth certificate; date an old photograph; trace immigrant ancestors; organise family records|ancestor; census; parish register; surname; great-grandparent; lineage; archive|family tree software; microfilm reader; DNA kit; archive request form; scanner|a brick wall in the research; misspelled surnames; conflicting dates; records lost in a fire
podcasting|hobbies-collecting|podcasters|record a podcast at home; choose a podcast microphone; edit a podcast episode; interview a guest remotely; publish a podcast feed; treat a room for sound; write show notes|episode; intro music; audio levels; RSS feed; guest; show notes; waveform|USB microphone; audio interface; headphones; pop filter; editing software|echo in the room; clipping audio; plosives; listeners dropping off
home organisation|self-help-personal-development|people tidying their homes|declutter a wardrobe; organise a kitchen drawer; set up a cleaning schedule; label storage boxes; clear a cluttered garage; fold clothes to save space; organise kids' toys|clutter; storage box; wardrobe; drawer divider; donation pile; shelf; label|label maker; vacuum bags; drawer dividers; hanging organiser; storage bins|clutter that comes back; no space in the hallway; toys everywhere; sentimental items
laundry|self-help-personal-development|people doing the laundry|remove a red wine stain; wash wool by hand; whiten grey sheets; dry clothes without a dryer; read laundry symbols; get rid of musty smells; wash a down duvet|stain; detergent; fabric softener; wash cycle; care label; bleach; lint|washing machine; drying rack; stain remover; laundry basket; steam iron|shrunken jumpers; colour running; musty towels; grease marks
parenting toddlers|self-help-personal-development|parents|handle a toddler tantrum; potty train a toddler; get a toddler to sleep; feed a picky eater; set screen time limits; prepare a toddler for a new baby; make bath time calm|toddler; nap; bedtime routine; tantrum; potty; sibling; snack|reward chart; night light; step stool; toddler cup; baby monitor|bedtime battles; refusing vegetables; biting at nursery; night waking
wedding planning|travel-leisure|couples|plan a wedding budget; choose a wedding venue; write wedding vows; make a seating plan; book a wedding photographer; plan a small wedding; send wedding invitations|guest list; venue; vows; bridal party; seating plan; reception; rehearsal|planning binder; seating chart; invitation suite; budget spreadsheet; timeline|going over budget; family arguments about the guest list; a rainy wedding day; vendors cancelling
moving house|travel-leisure|people moving home|pack a kitchen for a move; hire removal men; move with children; change address; unpack the first night; move long distance; plan a moving day|moving box; removal van; inventory; bubble wrap; new neighbourhood; keys; utility meter|packing tape; box cutter; moving blankets; furniture dolly; label stickers|broken plates; lost boxes; moving day stress; a van that is too small
scuba diving|travel-leisure|divers|equalise your ears on a dive; get scuba certified; plan a dive with a buddy; control buoyancy; dive a wreck; clear a flooded mask; choose a dive computer|regulator; buoyancy control device; dive buddy; decompression stop; reef; wetsuit; air gauge|dive computer; mask; fins; snorkel; weight belt|ear pain on descent; running low on air; seasickness on the boat; a fogging mask
skiing|travel-leisure|skiers|ski your first blue run; carve a turn; ski in powder; stop with a snowplough; choose ski boots; ski moguls; get up after a fall|piste; chairlift; edge; moguls; off-piste; snowplough; après-ski|ski boots; poles; helmet; goggles; ski wax|sore shins in boots; fear of steep runs; crossed skis; cold feet on the lift
horse riding|hiking-and-camping|riders|groom a horse; tack up a horse; rise to the trot; ride a canter; jump a small fence; lead a horse; pick out hooves|saddle; bridle; stirrup; rein; canter; hoof; paddock|hoof pick; curry comb; riding hat; grooming kit; lunge line|a horse that refuses jumps; bouncing in the saddle; a spooky horse; a loose shoe
jewellery making|arts-crafts|jewellery makers|string a beaded necklace; make wire-wrapped earrings; solder silver; set a stone; make a charm bracelet; crimp beading wire; polish silver jewellery|bead; jump ring; clasp; sterling silver; crimp bead; ear wire; gemstone|round-nose pliers; flush cutters; jeweller's saw; soldering torch; bead mat|tarnish; kinked wire; clasps that break; beads that slip
leathercraft|arts-crafts|leatherworkers|saddle stitch leather; make a leather wallet; tool a leather belt; dye leather; burnish edges; cut leather straight; set rivets|vegetable-tanned leather; hide; edge; rivet; stitching groove; leather dye; strap|stitching chisel; swivel knife; edge beveller; mallet; wing divider|uneven stitches; blotchy dye; fuzzy edges; leather that stretches
jigsaw and crossword puzzles|hobbies-collecting|puzzlers|solve a cryptic crossword; sort jigsaw pieces; do a 1000-piece jigsaw; solve a sudoku; make a crossword; frame a finished jigsaw; time yourself on puzzles|clue; anagram; edge piece; grid; wordplay; sudoku box; puzzle mat|puzzle board; sorting trays; pencil; crossword dictionary; puzzle glue|a missing piece; getting stuck on one clue; pieces that look the same; losing interest halfway
magic tricks|hobbies-collecting|magicians|learn a card trick; do a coin vanish; perform for kids; shuffle cards like a pro; practise sleight of hand; do a mind-reading trick; handle a heckler|deck; sleight; force; misdirection; patter; coin; audience volunteer|playing cards; magic wand; thumb tip; close-up mat; mirror|fumbling the move; an audience that guesses the secret; nerves before a show; dropped cards
ballroom dancing|health|dancers|dance a waltz; learn the foxtrot; lead your partner; follow a lead; keep the beat; dance a cha-cha; prepare for a dance competition|frame; waltz step; rise and fall; partner; ballroom; rhythm; spin|dance shoes; practice floor; metronome app; competition dress; mirror wall|stepping on toes; losing the beat; stiff shoulders; dizziness when spinning
sailing|travel-leisure|sailors|tack a dinghy; tie a bowline; reef a sail; read the wind; moor a sailboat; sail downwind; recover a man overboard|mainsail; jib; tiller; boom; mooring buoy; beam reach; hull|life jacket; winch; cleat; marine radio; anemometer|capsizing the dinghy; the boom swinging across; seasickness; running aground
archery|hiking-and-camping|archers|string a recurve bow; aim without sights; choose arrow spine; shoot a compound bow; tune a bow; practise a consistent anchor; shoot field archery|recurve bow; arrow spine; fletching; draw weight; anchor point; target face; nock|bow stringer; arm guard; finger tab; quiver; arrow puller|arrows flying left; string slap on the arm; target panic; a sore shoulder
karate|health|martial artists|tie a karate belt; throw a front kick; practise kata; spar safely; earn a black belt; block a punch; train at home for karate|kata; kumite; dojo; stance; gi; sensei; belt grading|punching bag; mouth guard; sparring gloves; shin pads; kick shield|bruised shins; losing balance on kicks; forgetting the kata; nerves at a grading
first aid|health|first aiders|treat a burn; do CPR; stop a nosebleed; help someone who is choking; treat a sprained ankle; clean a cut; recognise a stroke|bandage; burn; sprain; recovery position; pulse; wound; splint|first aid kit; defibrillator; tweezers; ice pack; sterile dressing|panicking in an emergency; a wound that keeps bleeding; not knowing when to call for help; swelling
wine tasting|cooking-and-recipes|wine lovers|taste wine like a sommelier; pair wine with cheese; store wine at home; read a wine label; open champagne safely; choose a wine for dinner; decant red wine|tannin; vintage; bouquet; grape variety; sediment; terroir; finish|decanter; corkscrew; wine glass; wine fridge; aerator|a corked bottle; wine that tastes sour; a broken cork; choosing from a long list
fermenting vegetables|cooking-and-recipes|fermenters|make sauerkraut; make kimchi; brew kombucha; ferment hot sauce; make pickles in brine; keep a ferment under brine; make kefir|brine; lacto-fermentation; SCOBY; cabbage; kefir grains; salt ratio; fermentation crock|fermenting crock; airlock lid; glass weights; pH meter; mason jar|kahm yeast; mushy pickles; a smell that is too strong; mould on top
cake decorating|cooking-and-recipes|bakers|pipe buttercream roses; cover a cake with fondant; stack a tiered cake; make a drip cake; level a sponge; colour icing; write on a cake|buttercream; fondant; sponge layer; ganache; crumb coat; sprinkles; piping tip|piping bag; cake turntable; offset spatula; cake leveller; fondant smoother|fondant that tears; a leaning cake; buttercream that melts; crumbs in the icing
volunteering|self-help-personal-development|volunteers|find a volunteering role; volunteer at a food bank; mentor a young person; organise a charity event; volunteer abroad; fundraise for a charity; volunteer with animals|charity; food bank; shift; mentee; fundraiser; volunteer coordinator; donation|sign-up sheet; collection tin; rota; volunteer badge; fundraising page|burnout from giving too much; unclear roles; too few volunteers; donors losing interest
scrapbooking|arts-crafts|scrapbookers|design a scrapbook page; preserve old photos in an album; make a travel journal; use washi tape; make a baby memory book; journal on a page; layer patterned paper|layout; patterned paper; photo corner; embellishment; cardstock; journaling card; sticker|paper trimmer; glue runner; corner punch; washi tape; acid-free album|photos that yellow; cluttered layouts; wrinkled paper; running out of ideas
quilting|arts-crafts|quilters|piece a quilt top; cut fabric with a rotary cutter; bind a quilt; quilt by hand; make a log cabin block; baste a quilt sandwich; choose quilt fabric|quilt block; batting; binding; fat quarter; backing; quarter-inch seam; applique|rotary cutter; quilting ruler; walking foot; basting pins; quilting hoop|points that do not match; puckered backing; wavy borders; shifting layers
`;

export const GENERATED_TOPICS: GeneratedTopic[] = TOPICS_TEXT.trim()
  .split('\n')
  .map((line) => {
    const [name, category, people, actions, things, tools, troubles] = line.split('|').map((s) => s.trim());
    const list = (s: string) =>
      s
        .split(';')
        .map((x) => x.trim())
        .filter(Boolean);
    return {
      name: name!,
      category: category!,
      people: people!,
      actions: list(actions!),
      things: list(things!),
      tools: list(tools!),
      troubles: list(troubles!),
    };
  });

/** A small seeded generator (mulberry32): the same seed gives the same library. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (s: string) =>
  s
    .split(' ')
    .map((w, i) => (i > 0 && /^(a|an|the|of|in|on|for|with|to|and|by|at|from)$/.test(w) ? w : cap(w)))
    .join(' ');

type Fill = {
  topic: GeneratedTopic;
  action: string;
  pick: <T>(xs: readonly T[]) => T;
};

const TITLES: ((f: Fill) => string)[] = [
  (f) => `How to ${titleCase(f.action)}`,
  (f) => `${titleCase(f.action)}: A Beginner's Guide`,
  (f) => `The Mistakes Everyone Makes When They ${titleCase(f.action)}`,
  (f) => `${f.pick(['Five', 'Seven', 'Ten', 'Three'])} Tips to ${titleCase(f.action)} Without Stress`,
  (f) => `What I Learned the First Time I Tried to ${titleCase(f.action)}`,
  (f) => `${titleCase(f.action)} Like an Old Hand`,
  (f) => `A Weekend Project: ${titleCase(f.action)}`,
  (f) => `Why Your ${titleCase(f.pick(f.topic.things))} Matters More Than You Think`,
  (f) => `${titleCase(f.pick(f.topic.troubles))}? Here Is What to Do`,
  (f) => `Choosing the Right ${titleCase(f.pick(f.topic.tools))}`,
];

const HEADINGS: ((f: Fill) => string)[] = [
  (f) => `Why the ${f.pick(f.topic.things)} matters`,
  (f) => `Choosing your ${f.pick(f.topic.tools)}`,
  (f) => `When ${f.pick(f.topic.troubles)} shows up`,
  () => 'What you need before you start',
  () => 'Step by step',
  (f) => `Common mistakes with the ${f.pick(f.topic.things)}`,
  () => 'A routine that sticks',
  (f) => `Advice from experienced ${f.topic.people}`,
  (f) => `Looking after your ${f.pick(f.topic.tools)}`,
  () => 'Where to go from here',
];

const SENTENCES: ((f: Fill) => string)[] = [
  (f) => `Most ${f.topic.people} learn to ${f.action} in their first season, and nearly all of them start too fast.`,
  (f) => `A decent ${f.pick(f.topic.tools)} makes it far easier to ${f.action}.`,
  (f) => `If you notice ${f.pick(f.topic.troubles)}, stop and look at the ${f.pick(f.topic.things)} before going further.`,
  (f) => `${cap(f.pick(f.topic.troubles))} is the complaint we hear most often from new ${f.topic.people}.`,
  (f) => `Set aside twenty minutes, keep your ${f.pick(f.topic.tools)} within reach and work on the ${f.pick(f.topic.things)} one piece at a time.`,
  (f) => `Experienced ${f.topic.people} rarely ${f.action} without checking the ${f.pick(f.topic.things)} first.`,
  (f) => `The ${f.pick(f.topic.things)} tells you more than any book: watch it closely.`,
  (f) => `Clean your ${f.pick(f.topic.tools)} after every session, or ${f.pick(f.topic.troubles)} will follow.`,
  (f) => `Write down what you did and what happened to the ${f.pick(f.topic.things)}; after a month the pattern is obvious.`,
  (f) => `You do not need an expensive ${f.pick(f.topic.tools)} to ${f.action}, but a cheap one that fails will cost you more.`,
  (f) => `The usual cause of ${f.pick(f.topic.troubles)} is rushing the ${f.pick(f.topic.things)}.`,
  (f) => `Ask a local club of ${f.topic.people} to show you how they ${f.action}; ten minutes of watching beats an hour of reading.`,
  (f) => `Once the ${f.pick(f.topic.things)} is right, the ${f.pick(f.topic.things)} usually takes care of itself.`,
  (f) => `Keep a spare ${f.pick(f.topic.tools)} in the kit: the day it breaks is always the day you need it.`,
  (f) => `Practise on something that does not matter before you ${f.action} for real.`,
  (f) => `Beginners worry about the ${f.pick(f.topic.things)}; experts worry about the ${f.pick(f.topic.things)}.`,
  (f) => `When ${f.pick(f.topic.troubles)} happens, it rarely means you have failed; it means the ${f.pick(f.topic.things)} needs attention.`,
  (f) => `A ${f.pick(f.topic.tools)} and a ${f.pick(f.topic.tools)} cover most of what you will do in the first year.`,
];

export type GeneratedArticle = SeedArticle & { topic: string };

/**
 * `count` articles, spread over the topics in turn, each teaching one of its topic's actions: a
 * title, an excerpt, an opening paragraph and three or four sections of three to five sentences.
 * The tiers are mostly free, some Pro, a few VIP, as a real library's are.
 */
export function generatedArticles(count: number, seed = 47): GeneratedArticle[] {
  const rand = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const titles = new Set<string>();
  const articles: GeneratedArticle[] = [];
  for (let i = 0; i < count; i++) {
    const topic = GENERATED_TOPICS[i % GENERATED_TOPICS.length]!;
    const round = Math.floor(i / GENERATED_TOPICS.length);
    const action = topic.actions[round % topic.actions.length]!;
    const f: Fill = { topic, action, pick };
    // Another title pattern when this one is taken; a part number only when every one is.
    let title = TITLES[(round + i) % TITLES.length]!(f);
    for (let k = 1; k < TITLES.length && titles.has(title); k++) title = TITLES[(round + i + k) % TITLES.length]!(f);
    for (let n = 2; titles.has(title); n++) title = `${TITLES[(round + i) % TITLES.length]!(f)}, Part ${n}`;
    titles.add(title);
    // A paragraph's sentences from different templates: a writer does not say the same thing twice in a row.
    const paragraph = (k: number) => {
      const templates = new Set<(f: Fill) => string>();
      while (templates.size < k) templates.add(pick(SENTENCES));
      return [...templates].map((t) => t(f)).join(' ');
    };
    const headings = new Set<string>();
    while (headings.size < 3 + Math.floor(rand() * 2)) headings.add(cap(pick(HEADINGS)(f)));
    const body = [paragraph(2), ...[...headings].map((h) => `## ${h}\n\n${paragraph(3 + Math.floor(rand() * 3))}`)].join('\n\n');
    const tierRoll = rand();
    articles.push({
      title,
      topic: topic.name,
      category: topic.category,
      tier: tierRoll < 0.7 ? 'free' : tierRoll < 0.9 ? 'pro' : 'vip',
      excerpt: `A practical guide for ${topic.people}: how to ${action}, which ${pick(topic.tools)} helps, and what to do about ${pick(topic.troubles)}.`,
      body,
      daysAgo: 40 + i,
    });
  }
  return articles;
}
