// The baby registry checklist: Nestlist's own words, written for tired new parents. Seeded into the
// database on every start (checklist.seed.server.ts); ids are stable because owners' manual checks point
// at them. Every shopCategorySlug is a store category (checklist.content.test.ts checks it).

export type ChecklistPriority = 'must' | 'nice'

export type ChecklistItemContent = {
  id: number
  title: string
  why: string
  quantity: string
  priority: ChecklistPriority
  shopCategorySlug: string
}

export type ChecklistCategoryContent = {
  id: number
  slug: string
  title: string
  guidance: string
  items: ChecklistItemContent[]
}

/** The spec's health-and-safety checklist category id (§9). */
export const HEALTH_AND_SAFETY_CHECKLIST_ID = 61

export const CHECKLIST_CONTENT: ChecklistCategoryContent[] = [
  {
    id: 55,
    slug: 'sleep',
    title: 'Sleep',
    guidance:
      'Newborns sleep a lot, just not all at once. Keep the sleep space simple: a firm, flat mattress, a fitted sheet and nothing else. Plan for spares, because middle-of-the-night changes happen.',
    items: [
      { id: 5501, title: 'Bassinet or bedside sleeper', why: 'Keeps baby within arm’s reach for night feeds during the months you share a room.', quantity: '1', priority: 'must', shopCategorySlug: 'bassinets' },
      { id: 5502, title: 'Fitted sheets', why: 'Leaks and spit-up happen at 3 a.m.; a clean spare means a quick change and back to bed.', quantity: '3–4', priority: 'must', shopCategorySlug: 'crib-bedding' },
      { id: 5503, title: 'Waterproof mattress protector', why: 'Saves the mattress from accidents and makes clean-up a five-minute job.', quantity: '2', priority: 'must', shopCategorySlug: 'crib-bedding' },
      { id: 5504, title: 'Swaddles', why: 'A snug wrap calms the startle reflex and helps many newborns settle for longer stretches.', quantity: '3–4', priority: 'must', shopCategorySlug: 'swaddles-and-sleep-sacks' },
      { id: 5505, title: 'Sleep sacks', why: 'A wearable blanket keeps baby warm without loose bedding once swaddling stops.', quantity: '2–3', priority: 'must', shopCategorySlug: 'swaddles-and-sleep-sacks' },
      { id: 5506, title: 'Pacifiers', why: 'Many babies soothe faster with one; have a couple in rotation so one is always clean.', quantity: '2–4', priority: 'nice', shopCategorySlug: 'pacifiers' },
    ],
  },
  {
    id: 56,
    slug: 'feeding',
    title: 'Feeding',
    guidance:
      'However you plan to feed, you will be doing it 8 to 12 times a day at first. Start small with bottles and accessories until you know what your baby likes, and keep burp cloths everywhere.',
    items: [
      { id: 5601, title: 'Bottles and nipples', why: 'Useful for formula, pumped milk or a partner’s turn at night. Try two brands before stocking up.', quantity: '4–8', priority: 'must', shopCategorySlug: 'bottles-and-nipples' },
      { id: 5602, title: 'Burp cloths', why: 'You will reach for one at every feed; stash a few in every room.', quantity: '6–10', priority: 'must', shopCategorySlug: 'bibs-and-burp-cloths' },
      { id: 5603, title: 'Breast pump', why: 'Lets someone else feed baby and helps with supply or a return to work. Many insurers cover one.', quantity: '1', priority: 'nice', shopCategorySlug: 'breast-pumps' },
      { id: 5604, title: 'Nursing pillow and pumping accessories', why: 'Props baby at the right height so your back and shoulders are spared during long feeds.', quantity: '1', priority: 'nice', shopCategorySlug: 'nursing-and-pumping-accessories' },
      { id: 5605, title: 'Bibs', why: 'Drool starts early and purées come later; bibs save a lot of outfit changes.', quantity: '4–6', priority: 'nice', shopCategorySlug: 'bibs-and-burp-cloths' },
      { id: 5606, title: 'High chair', why: 'Needed once solids start, around 6 months: a safe seat at the family table.', quantity: '1', priority: 'nice', shopCategorySlug: 'high-chairs' },
      { id: 5607, title: 'Cups, bowls and spoons', why: 'Soft spoons and suction bowls make the first tastes less messy for everyone.', quantity: '1 set', priority: 'nice', shopCategorySlug: 'cups-and-dishes' },
    ],
  },
  {
    id: 57,
    slug: 'diapering',
    title: 'Diapering',
    guidance:
      'Expect around ten changes a day in the early weeks. Set up one main changing spot, keep a small kit on each floor, and do not overbuy the newborn size: babies outgrow it fast.',
    items: [
      { id: 5701, title: 'Diapers (newborn and size 1)', why: 'The one thing you can never have too many of. Ask for a mix of sizes so nothing goes to waste.', quantity: '2–3 boxes to start', priority: 'must', shopCategorySlug: 'diapers' },
      { id: 5702, title: 'Wipes', why: 'For changes, sticky hands and a surprising number of other messes.', quantity: '6–10 packs', priority: 'must', shopCategorySlug: 'wipes' },
      { id: 5703, title: 'Changing pad and covers', why: 'A contoured, washable surface makes every change safer and easier to clean.', quantity: '1 pad, 2–3 covers', priority: 'must', shopCategorySlug: 'changing-pads-and-covers' },
      { id: 5704, title: 'Diaper bag', why: 'Holds the whole kit so you can leave the house in minutes, not half an hour.', quantity: '1', priority: 'must', shopCategorySlug: 'diaper-bags' },
      { id: 5705, title: 'Portable changing mat', why: 'Gives you a clean spot for changes in the car, the park or a friend’s sofa.', quantity: '1', priority: 'nice', shopCategorySlug: 'changing-pads-and-covers' },
      { id: 5706, title: 'Wipe warmer', why: 'A small comfort on cold nights that some babies really appreciate.', quantity: '1', priority: 'nice', shopCategorySlug: 'wipes' },
    ],
  },
  {
    id: 58,
    slug: 'gear-on-the-go',
    title: 'Gear on the go',
    guidance:
      'Think about how you actually get around: car, sidewalk, bus or trail. An infant car seat is needed for the drive home from the hospital, so install it a few weeks early and have it checked.',
    items: [
      { id: 5801, title: 'Infant car seat', why: 'Required to bring baby home by car, and it clicks into many strollers as a travel system.', quantity: '1', priority: 'must', shopCategorySlug: 'infant-car-seats' },
      { id: 5802, title: 'Stroller', why: 'Your daily workhorse for walks and errands; check that it folds into your trunk or hallway.', quantity: '1', priority: 'must', shopCategorySlug: 'strollers' },
      { id: 5803, title: 'Baby carrier', why: 'Keeps baby close and your hands free, and often calms a fussy evening.', quantity: '1', priority: 'must', shopCategorySlug: 'soft-structured-carriers' },
      { id: 5804, title: 'Wrap or sling', why: 'Soft and snug for the newborn weeks, and easy to share between carers.', quantity: '1', priority: 'nice', shopCategorySlug: 'wraps-and-slings' },
      { id: 5805, title: 'Lightweight travel stroller', why: 'Folds small for flights, trains and tight city trunks.', quantity: '1', priority: 'nice', shopCategorySlug: 'lightweight-strollers' },
      { id: 5806, title: 'Jogging stroller', why: 'Air tires and a locking front wheel for runs and rough paths (usually from about 6 months).', quantity: '1', priority: 'nice', shopCategorySlug: 'jogging-strollers' },
      { id: 5807, title: 'Stroller accessories', why: 'A rain cover, sunshade or footmuff makes the stroller work in any weather.', quantity: '1–3', priority: 'nice', shopCategorySlug: 'stroller-accessories' },
      { id: 5808, title: 'Car seat accessories', why: 'A back-seat mirror lets the driver see baby at a glance; a seat protector saves the upholstery.', quantity: '1–2', priority: 'nice', shopCategorySlug: 'car-seat-accessories' },
    ],
  },
  {
    id: 59,
    slug: 'nursery',
    title: 'Nursery',
    guidance:
      'A nursery does not need to be a whole room or finished before baby arrives. Start with a safe crib and a firm mattress; the rest can grow with your family.',
    items: [
      { id: 5901, title: 'Crib', why: 'Where baby will sleep for the next couple of years; many convert to a toddler bed.', quantity: '1', priority: 'must', shopCategorySlug: 'cribs' },
      { id: 5902, title: 'Crib mattress', why: 'Firm and snug-fitting is what matters most for safe sleep.', quantity: '1', priority: 'must', shopCategorySlug: 'crib-mattresses' },
      { id: 5903, title: 'Dresser or changing table', why: 'Storage plus a changing station at a height that spares your back.', quantity: '1', priority: 'nice', shopCategorySlug: 'dressers-and-changing-tables' },
      { id: 5904, title: 'Glider or rocker', why: 'A comfortable seat for feeds, stories and rocking at 2 a.m.', quantity: '1', priority: 'nice', shopCategorySlug: 'gliders-and-rockers' },
      { id: 5905, title: 'Mobile and decor', why: 'Something gentle to look at above the changing spot, and a room that feels like theirs.', quantity: '1–2', priority: 'nice', shopCategorySlug: 'nursery-decor' },
    ],
  },
  {
    id: 60,
    slug: 'bath',
    title: 'Bath',
    guidance:
      'Newborns only need a bath two or three times a week. Gather everything before the water goes in, keep one hand on baby, and keep the room warm.',
    items: [
      { id: 6001, title: 'Baby bathtub', why: 'A supportive, right-sized tub makes a slippery baby much easier to hold.', quantity: '1', priority: 'must', shopCategorySlug: 'baby-bathtubs' },
      { id: 6002, title: 'Hooded towels', why: 'Warm and quick to wrap, so baby does not get chilly after the bath.', quantity: '2–3', priority: 'must', shopCategorySlug: 'towels-and-washcloths' },
      { id: 6003, title: 'Soft washcloths', why: 'Gentle on new skin, and handy for wiping faces after feeds too.', quantity: '6–8', priority: 'must', shopCategorySlug: 'towels-and-washcloths' },
      { id: 6004, title: 'Bath toys', why: 'Turn bath time into play time once baby sits up.', quantity: 'A few', priority: 'nice', shopCategorySlug: 'bath-toys' },
      { id: 6005, title: 'Potty or training seat', why: 'Not for a while yet, but a lovely gift to have ready for the toddler years.', quantity: '1', priority: 'nice', shopCategorySlug: 'potties-and-training-seats' },
    ],
  },
  {
    id: HEALTH_AND_SAFETY_CHECKLIST_ID,
    slug: 'health-and-safety',
    title: 'Health & Safety',
    guidance:
      'Put together a small care kit before baby comes, so you are not hunting for a thermometer at midnight. Babyproofing can wait until just before baby starts rolling and crawling.',
    items: [
      { id: 6101, title: 'Baby thermometer', why: 'A fever in a young baby needs a quick call to the doctor; an accurate reading helps them help you.', quantity: '1', priority: 'must', shopCategorySlug: 'thermometers' },
      { id: 6102, title: 'Nasal aspirator and care kit', why: 'Babies cannot blow their noses; nail clippers and a medicine dropper round out the kit.', quantity: '1 kit', priority: 'must', shopCategorySlug: 'nasal-aspirators-and-health-care' },
      { id: 6103, title: 'Baby monitor', why: 'Lets you rest in another room and still hear (or see) baby.', quantity: '1', priority: 'nice', shopCategorySlug: 'baby-monitors' },
      { id: 6104, title: 'Humidifier', why: 'Moist air eases stuffy noses, especially in dry or heated homes.', quantity: '1', priority: 'nice', shopCategorySlug: 'humidifiers' },
      { id: 6105, title: 'Outlet covers and cabinet locks', why: 'Have them ready before baby starts crawling, usually around 6 to 10 months.', quantity: '1 set', priority: 'must', shopCategorySlug: 'babyproofing' },
      { id: 6106, title: 'Baby gates', why: 'Block stairs and kitchens once baby is on the move.', quantity: '1–3', priority: 'nice', shopCategorySlug: 'baby-gates' },
    ],
  },
  {
    id: 62,
    slug: 'clothing',
    title: 'Clothing',
    guidance:
      'Babies grow fast and guests love buying tiny outfits, so ask mostly for 0–3 and 3–6 months. Soft, easy-on pieces with zips or snaps beat fancy outfits every single night.',
    items: [
      { id: 6201, title: 'Bodysuits', why: 'The everyday base layer; snaps at the bottom make changes quick.', quantity: '7–10', priority: 'must', shopCategorySlug: 'bodysuits' },
      { id: 6202, title: 'Sleepers and pajamas', why: 'Zip-up footed sleepers are the easiest thing to dress a wriggly baby in at night.', quantity: '5–7', priority: 'must', shopCategorySlug: 'sleepers-and-pajamas' },
      { id: 6203, title: 'Hats and mittens', why: 'Newborns lose heat through their heads, and mittens stop little scratches.', quantity: '2–3 each', priority: 'must', shopCategorySlug: 'hats-and-mittens' },
      { id: 6204, title: 'Socks and booties', why: 'Tiny socks vanish in the laundry, so have plenty.', quantity: '6–8 pairs', priority: 'must', shopCategorySlug: 'socks-and-booties' },
      { id: 6205, title: 'Going-home outfit', why: 'A special first outfit for photos and the trip home.', quantity: '1', priority: 'nice', shopCategorySlug: 'outfits-and-sets' },
      { id: 6206, title: 'Outfits for outings', why: 'A few easy sets for visits and photos, sized up so they fit for longer.', quantity: '3–5', priority: 'nice', shopCategorySlug: 'outfits-and-sets' },
    ],
  },
  {
    id: 63,
    slug: 'play',
    title: 'Play',
    guidance:
      'In the first months, play is looking, listening and tummy time. A few simple, washable things go a long way; you can add more as baby grows and shows you what they love.',
    items: [
      { id: 6301, title: 'Play mat or activity gym', why: 'A soft, safe place for tummy time, which builds neck and shoulder strength.', quantity: '1', priority: 'must', shopCategorySlug: 'play-mats-and-activity-gyms' },
      { id: 6302, title: 'Board books', why: 'Reading together from day one builds language and a calm routine.', quantity: '5–10', priority: 'must', shopCategorySlug: 'baby-books' },
      { id: 6303, title: 'Bouncer or swing', why: 'Somewhere safe to set baby down while you shower or eat (always awake and supervised).', quantity: '1', priority: 'nice', shopCategorySlug: 'bouncers-and-swings' },
      { id: 6304, title: 'Teethers', why: 'Something cool and safe to chew when the first teeth come through.', quantity: '2–3', priority: 'nice', shopCategorySlug: 'teethers' },
      { id: 6305, title: 'Rattles and soft toys', why: 'Contrast, sound and texture keep curious hands busy.', quantity: 'A few', priority: 'nice', shopCategorySlug: 'rattles-and-plush-toys' },
      { id: 6306, title: 'Blocks and learning toys', why: 'Stacking and sorting toys to grow into over the first year.', quantity: '1–2', priority: 'nice', shopCategorySlug: 'blocks-and-learning-toys' },
    ],
  },
  {
    id: 64,
    slug: 'cash-funds-and-extras',
    title: 'Cash funds & extras',
    guidance:
      'Some of the most useful gifts are not things at all. A cash fund, help with meals or a night of babysitting can mean more to a new family than another stuffed animal.',
    items: [
      { id: 6401, title: 'Help and favors', why: 'Meals, dog walks, laundry or a nap while someone holds the baby: ask for what you will need.', quantity: 'As many as offered', priority: 'must', shopCategorySlug: 'help-and-favors' },
      { id: 6402, title: 'Cash fund', why: 'Lets guests chip in together for childcare, parental leave or a big-ticket item.', quantity: '1 or more', priority: 'nice', shopCategorySlug: 'cash-funds' },
      { id: 6403, title: 'Gift cards', why: 'Useful for the things you only discover you need after baby arrives.', quantity: 'Any', priority: 'nice', shopCategorySlug: 'gift-cards' },
      { id: 6404, title: 'Keepsake or memory book', why: 'A place to keep the firsts you will want to remember when the days blur together.', quantity: '1', priority: 'nice', shopCategorySlug: 'keepsakes' },
    ],
  },
]
