// Editorial copy for each store category: the teaser text shown in the category hero and the FAQ
// section. Keyed by url slug; every slug in category-tree.ts has an entry (checked by a test).
// Demo seed copy, long because every category has its teaser and FAQs; it stays one file so the test
// that every category-tree.ts slug has an entry checks a single table.

export type CategoryCopy = {
  teaser: string
  faqs: [question: string, answer: string][]
}

/**
 * The callout tiles after a parent category's image grid of subcategories (spec §3 'grid callout': title,
 * message, small). A few parents have one: a word of reassurance where choosing is hardest.
 */
export const GRID_CALLOUTS: Record<string, { title: string; message: string; small?: boolean }> = {
  strollers: {
    title: 'Not sure which stroller?',
    message: 'Think about where you will walk most, and lift it into your car before you decide. Any of these will carry your little one lovingly.',
  },
  nursery: {
    title: 'A room to grow into',
    message: 'Start with a safe place to sleep and somewhere comfy to feed. The rest can come as your baby does.',
  },
}

export const CATEGORY_COPY: Record<string, CategoryCopy> = {
  // ----- Strollers
  strollers: {
    teaser: 'From city sidewalks to gravel paths, find a stroller that fits your days, your car trunk and your budget.',
    faqs: [
      ['When can a newborn ride in a stroller?', 'From birth, as long as the stroller lies flat or holds an infant car seat or bassinet. Newborns need to lie flat or nearly flat until they have good head control, usually around 4 to 6 months.'],
      ['Do I need more than one stroller?', 'Many families start with one full-size or travel-system stroller and add a lightweight travel stroller once their baby can sit up. If you fly often or live in a walk-up, a compact stroller can be worth it sooner.'],
      ['What should I check before buying?', 'Fold it with one hand, lift it into your car, push it over a curb and check the basket size. Also look at the weight limit, the recline positions and whether the seat can face you.'],
    ],
  },
  'full-size-strollers': {
    teaser: 'Roomy baskets, big wheels and reversible seats: full-size strollers are built for everyday use from the newborn stage to the toddler years.',
    faqs: [
      ['Are full-size strollers hard to fold?', 'Most modern full-size strollers fold in one or two steps and stand on their own when folded. They are heavier than travel strollers, so lift one before you buy if you will be loading it into a car every day.'],
      ['Can I use a full-size stroller from birth?', 'Yes, if it has a seat that reclines fully flat, a bassinet attachment or car seat adapters. Check which of these come in the box and which are sold separately.'],
    ],
  },
  'travel-system-strollers': {
    teaser: 'A stroller and infant car seat sold together, so a sleeping baby can move from car to sidewalk with one click.',
    faqs: [
      ['What is a travel system?', 'A travel system pairs a stroller with an infant car seat that clicks directly into it. You can carry a sleeping baby from the car to the stroller without unbuckling them.'],
      ['How long will we use the infant seat?', 'Most babies outgrow an infant car seat by height between 9 and 15 months. After that the stroller keeps working with its own seat, and you will move to a convertible car seat.'],
    ],
  },
  'lightweight-strollers': {
    teaser: 'Compact, quick-folding strollers that fit in an overhead bin, a small trunk or a crowded hallway.',
    faqs: [
      ['What age are lightweight strollers for?', 'Most are designed for babies who can sit up unassisted, around 6 months. Some recline fully and are rated from birth; check the minimum age on the product page.'],
      ['Can I take a compact stroller on a plane?', 'Many fold small enough to fit in an overhead bin, but airline size limits vary. Gate-checking a stroller is usually free, so a bag to protect it is a smart add.'],
    ],
  },
  'jogging-strollers': {
    teaser: 'Air-filled tires, a locking front wheel and a hand brake for runners and trail walkers.',
    faqs: [
      ['When can I run with my baby in a jogging stroller?', 'Most pediatricians and manufacturers recommend waiting until your baby is 6 to 8 months old and has strong head and neck control before running.'],
      ['Why does the front wheel lock?', 'A swivel front wheel is handy for walking, but at running speed it can wobble. Locking it keeps the stroller tracking straight.'],
    ],
  },
  'double-strollers': {
    teaser: 'Side-by-side and tandem strollers for twins, close-in-age siblings and the occasional friend.',
    faqs: [
      ['Side-by-side or tandem?', 'Side-by-side strollers give both children an equal view and are easier to tip over curbs, but they are wide. Tandems are as narrow as a single stroller but longer and a little harder to steer.'],
      ['Will a double stroller fit through doorways?', 'Most side-by-side doubles are under 30 inches wide, which fits standard doorways. Measure your front door and elevator, if you have one, before you buy.'],
    ],
  },
  'stroller-accessories': {
    teaser: 'Cup holders, organizers, footmuffs and rain covers that make any stroller work harder.',
    faqs: [
      ['Will accessories fit my stroller?', 'Universal accessories attach with straps or clamps and fit most frames. Check the handlebar diameter and compare the measurements on the product page.'],
      ['Are stroller hooks safe?', 'Hanging heavy bags from the handlebar can make a stroller tip backwards when your child climbs out. Keep heavy items in the basket and use hooks for light things only.'],
    ],
  },
  // ----- Car seats
  'car-seats': {
    teaser: 'Infant, convertible, all-in-one and booster seats, with guides to help you pick the right stage and install it well.',
    faqs: [
      ['Do I need a car seat to leave the hospital?', 'Yes. In most places hospitals will not discharge a baby going home by car without a rear-facing car seat. Install it a few weeks before your due date.'],
      ['How long should my child stay rear-facing?', 'As long as possible, until they reach the highest rear-facing height or weight limit of their convertible seat. For many children that is well past age 2.'],
      ['Can I use a second-hand car seat?', 'Only if you know its full history. Never use a seat that has been in a moderate or severe crash, is past its expiry date, or is missing parts or labels.'],
    ],
  },
  'infant-car-seats': {
    teaser: 'Rear-facing infant seats with a carry handle and a stay-in-car base, made for the first year.',
    faqs: [
      ['Why choose an infant seat instead of a convertible?', 'Infant seats fit newborns snugly, click in and out of a base, and often clip into a stroller. Convertible seats stay in the car but last for years.'],
      ['Do car seats expire?', 'Yes. Plastic weakens over time, so every seat has an expiry date printed on a label, usually 6 to 10 years after manufacture.'],
    ],
  },
  'convertible-car-seats': {
    teaser: 'Seats that start rear-facing and turn forward-facing, for toddlers and beyond.',
    faqs: [
      ['Can a newborn use a convertible car seat?', 'Many convertible seats are rated from 4 or 5 pounds and include newborn inserts. Check the minimum weight and how the harness fits a small baby.'],
      ['When should I turn the seat forward?', 'Only once your child has outgrown the seat’s rear-facing height or weight limit. Reaching age 2 is not by itself a reason to turn them.'],
    ],
  },
  'all-in-one-car-seats': {
    teaser: 'One seat from rear-facing infant to belt-positioning booster, for families who want to buy once.',
    faqs: [
      ['Is an all-in-one seat good for newborns?', 'Some fit newborns well, others work better from a few months old. Look for a low bottom harness slot and an infant insert.'],
      ['Will it really last ten years?', 'Check the expiry date. Many all-in-one seats are rated for 10 years, which can cover a child from birth until they no longer need a booster.'],
    ],
  },
  'booster-seats': {
    teaser: 'High-back and backless boosters that position the adult seat belt correctly for bigger kids.',
    faqs: [
      ['When is my child ready for a booster?', 'When they have outgrown the harness on their forward-facing seat and can sit still with the seat belt positioned correctly for the whole ride, usually around age 5 or older.'],
      ['High-back or backless?', 'High-back boosters guide the shoulder belt and give head support for sleeping children, and are the better choice in cars without headrests.'],
    ],
  },
  'car-seat-accessories': {
    teaser: 'Mirrors, seat protectors, sun shades and covers that are safe to use with your car seat.',
    faqs: [
      ['Are aftermarket car seat accessories safe?', 'Anything that goes between your child and the seat, or between the seat and the car, can affect crash performance. Choose items your car seat maker approves, and avoid thick inserts.'],
      ['Can my baby wear a winter coat in the car seat?', 'No. Puffy coats compress in a crash and leave the harness loose. Buckle your baby in wearing thin layers and put a blanket or car-seat-safe cover over the harness.'],
    ],
  },
  // ----- Carriers
  carriers: {
    teaser: 'Keep your baby close and your hands free with wraps, slings and buckle carriers.',
    faqs: [
      ['What is the safest way to wear a baby?', 'Follow the TICKS rule: Tight, In view at all times, Close enough to kiss, Keep the chin off the chest, and Supported back. Your baby’s face should never be covered by fabric.'],
      ['Which carrier is best for newborns?', 'Stretchy wraps and carriers with a newborn setting give the close, supportive fit small babies need. Check the minimum weight, often 7 or 8 pounds.'],
    ],
  },
  'soft-structured-carriers': {
    teaser: 'Buckle carriers with padded straps and a supportive waist belt, quick to put on and easy to share between parents.',
    faqs: [
      ['Can my baby face outward?', 'Many carriers allow forward-facing once your baby has good head control, usually around 5 to 6 months. Limit outward-facing time, as it can be overstimulating.'],
      ['Why does my back hurt when I wear the carrier?', 'Most back pain comes from a waist belt worn too low or straps that are too loose. Wear the belt at your natural waist and tighten until your baby sits high and snug.'],
    ],
  },
  'wraps-and-slings': {
    teaser: 'Stretchy wraps, woven wraps and ring slings for close, cozy carrying.',
    faqs: [
      ['Are wraps hard to learn?', 'Stretchy wraps take a few practice runs. Practice with a doll or over a soft surface, and watch the maker’s video for your specific wrap.'],
      ['What is a ring sling good for?', 'Quick ups and downs. A ring sling is great for short carries, hip carries with older babies and soothing a fussy newborn.'],
    ],
  },
  'hip-seat-carriers': {
    teaser: 'A padded seat on a belt that takes the weight of a toddler off your arms.',
    faqs: [
      ['What age is a hip seat for?', 'Most hip seats are designed for babies from about 6 months who can sit up on their own, up to around 3 years.'],
      ['Can I use a hip seat hands-free?', 'Basic hip seats need one hand on your child. Models with a detachable carrier panel can be used fully hands-free.'],
    ],
  },
  'hiking-carriers': {
    teaser: 'Framed backpacks with sunshades and storage for trail days with little ones.',
    faqs: [
      ['When can my child ride in a hiking carrier?', 'Framed carriers are for babies who can sit unassisted and have good neck control, usually around 6 months.'],
      ['How do I fit a hiking carrier?', 'Adjust the torso length first, then the hip belt so most of the weight rests on your hips. Your child’s chin should be level with the top of the cockpit.'],
    ],
  },
  // ----- Nursery
  nursery: {
    teaser: 'Cribs, bassinets, gliders and storage for a calm, safe room that grows with your child.',
    faqs: [
      ['When should I set up the nursery?', 'Aim to finish by around 34 to 36 weeks. Furniture can take weeks to arrive, and it is easier to assemble before the baby comes.'],
      ['Does my baby need their own room?', 'Safe sleep guidance recommends room-sharing, with the baby on their own sleep surface, for at least the first 6 months. The nursery is still useful for changing, storage and naps.'],
      ['What does a nursery really need?', 'A safe place to sleep, somewhere to change diapers, storage for clothes and a comfortable chair for feeds. Everything else is optional.'],
    ],
  },
  cribs: {
    teaser: 'Solid-wood and convertible cribs that meet current safety standards and can turn into toddler beds.',
    faqs: [
      ['What makes a crib safe?', 'Slats no more than 2 3/8 inches apart, no drop sides, no cut-outs in the headboard, and a firm mattress that fits snugly with no more than two fingers of gap.'],
      ['What is a convertible crib?', 'A crib that converts to a toddler bed, and sometimes a daybed or full-size bed, usually with a conversion kit. Check whether the kit is included.'],
    ],
  },
  bassinets: {
    teaser: 'Small, portable sleep spaces that keep your newborn close for the first months of room-sharing.',
    faqs: [
      ['How long can my baby sleep in a bassinet?', 'Until they reach the weight limit or can roll or push up on hands and knees, whichever comes first. That is often around 4 to 6 months.'],
      ['Is a bedside sleeper safe?', 'Yes, when it attaches securely to your bed with no gaps, has a firm flat mattress and is used with no pillows or loose bedding.'],
    ],
  },
  'gliders-and-rockers': {
    teaser: 'Smooth, quiet chairs for feeding, rocking and reading, with sturdy arms and plenty of cushioning.',
    faqs: [
      ['Glider or rocker?', 'Rockers move in an arc on curved legs; gliders move back and forth on a fixed track. Gliders take less floor space and are less likely to pinch little fingers.'],
      ['What size should I choose?', 'Sit in it if you can. Your feet should rest flat on the floor and the arms should be at a comfortable height for holding a baby on a pillow.'],
    ],
  },
  'dressers-and-changing-tables': {
    teaser: 'Storage that works as a changing station now and a dresser for years after.',
    faqs: [
      ['Do I need a separate changing table?', 'Not necessarily. A dresser at waist height with a contoured changing pad secured to the top works just as well and lasts longer.'],
      ['How do I stop a dresser tipping over?', 'Anchor every dresser and bookcase to the wall with the anti-tip kit, even if it seems heavy. Tip-overs are a leading cause of furniture injuries to young children.'],
    ],
  },
  'crib-mattresses': {
    teaser: 'Firm, breathable mattresses sized to fit a standard crib snugly.',
    faqs: [
      ['How firm should a crib mattress be?', 'Very firm. It should spring back immediately when pressed and should not conform to the shape of your baby’s head.'],
      ['What is a dual-sided mattress?', 'One side is extra firm for infants, the other is slightly softer for toddlers. Flip it when your child turns one.'],
    ],
  },
  'crib-bedding': {
    teaser: 'Fitted sheets, waterproof pads and blankets for the nursery, chosen with safe sleep in mind.',
    faqs: [
      ['Can I use a blanket in the crib?', 'Not for babies under 12 months. Keep the crib bare with just a fitted sheet, and use a wearable blanket or sleep sack for warmth.'],
      ['How many crib sheets do I need?', 'Two to four fitted sheets and two waterproof mattress protectors cover middle-of-the-night changes.'],
    ],
  },
  'nursery-decor': {
    teaser: 'Mobiles, lighting and wall art to make the room feel like yours.',
    faqs: [
      ['Where should I hang a mobile?', 'Over the crib, out of reach. Remove it once your baby can push up on hands and knees, usually around 5 months.'],
      ['What lighting is best for night feeds?', 'A dim, warm light. Bright or blue-toned light can make it harder for you and your baby to get back to sleep.'],
    ],
  },
  // ----- Playroom
  playroom: {
    teaser: 'Toys, mats and books that support each new stage of play, from first focus to first steps.',
    faqs: [
      ['How many toys does a baby need?', 'Fewer than you might think. A handful of age-appropriate toys, rotated every week or two, keeps play interesting.'],
      ['How can I tell if a toy is safe?', 'Check the age grading, avoid small parts for children under 3, and skip anything with button batteries or magnets that could come loose.'],
    ],
  },
  'play-mats-and-activity-gyms': {
    teaser: 'Soft spaces for tummy time, kicking and reaching, with toys to bat at overhead.',
    faqs: [
      ['When can my baby use an activity gym?', 'From the first weeks. Newborns enjoy looking at high-contrast toys, and by around 3 months they start batting at them.'],
      ['How do I clean a play mat?', 'Most fabric mats are machine washable on a gentle cycle; foam mats wipe clean with mild soap and water.'],
    ],
  },
  'bouncers-and-swings': {
    teaser: 'Seats that gently bounce, sway or rock to give your arms a break.',
    faqs: [
      ['Can my baby sleep in a bouncer or swing?', 'No. If your baby falls asleep, move them to a flat, firm sleep surface such as a crib or bassinet.'],
      ['How long can my baby spend in a bouncer?', 'Keep sessions short, around 20 to 30 minutes, and always use the harness. Babies need plenty of floor time for development.'],
    ],
  },
  teethers: {
    teaser: 'Chewable silicone, rubber and fabric teethers to soothe sore gums.',
    faqs: [
      ['When does teething start?', 'Most babies get their first tooth between 4 and 10 months, but drooling and chewing can start weeks earlier.'],
      ['Are frozen teethers safe?', 'Chilled in the refrigerator is best. Frozen-solid teethers can be too hard and cold for tender gums.'],
    ],
  },
  'rattles-and-plush-toys': {
    teaser: 'Soft, squeezable first toys for tiny hands.',
    faqs: [
      ['Can a plush toy go in the crib?', 'Not until 12 months. Soft toys are for supervised play and cuddles during the day.'],
      ['What age are rattles for?', 'Around 3 months, when babies start to grasp objects. Look for rattles light enough that they will not hurt if dropped on a face.'],
    ],
  },
  'baby-books': {
    teaser: 'Board books, cloth books and bath books to read from day one.',
    faqs: [
      ['When should I start reading to my baby?', 'Right away. Newborns love the sound of your voice, and reading every day builds language skills long before they talk.'],
      ['What makes a good first book?', 'Sturdy board pages, high-contrast pictures, faces, and short, rhythmic text you will not mind reading a hundred times.'],
    ],
  },
  'blocks-and-learning-toys': {
    teaser: 'Stacking, sorting and building toys that grow with your child.',
    faqs: [
      ['When can babies play with blocks?', 'Soft blocks from around 6 months; wooden blocks when your child can grasp and release, usually around 9 to 12 months.'],
      ['What are open-ended toys?', 'Toys without one right way to play, such as blocks, stacking cups and balls. They hold a child’s interest for years.'],
    ],
  },
  // ----- Bath & potty
  'bath-potty': {
    teaser: 'Tubs, towels and toys for calm baths, plus everything for the move to the potty.',
    faqs: [
      ['How often should I bathe my newborn?', 'Two or three times a week is plenty. Sponge baths are best until the umbilical cord stump falls off.'],
      ['What temperature should bath water be?', 'Around 98 to 100 °F (37 to 38 °C). Test it with your elbow or a bath thermometer, and set your water heater to 120 °F (49 °C) or lower.'],
    ],
  },
  'baby-bathtubs': {
    teaser: 'Supportive tubs and bath seats that make bathing a slippery baby easier.',
    faqs: [
      ['Do I need a baby bathtub?', 'Most parents find one helpful for the first six months. A tub with a newborn sling or incline keeps your baby’s head out of the water.'],
      ['Can I leave my baby in a bath seat?', 'Never. Bath seats are not safety devices. Keep a hand on your baby at all times, and take them with you if you need to leave.'],
    ],
  },
  'towels-and-washcloths': {
    teaser: 'Soft hooded towels and gentle washcloths for a cozy post-bath cuddle.',
    faqs: [
      ['Why use a hooded towel?', 'Babies lose heat through their heads. A hood keeps your baby warm while you dry the rest of them.'],
      ['How many washcloths do I need?', 'At least 6 to 10; they double as burp cloths and spot cleaners.'],
    ],
  },
  'bath-toys': {
    teaser: 'Floating, squirting and pouring toys that make bath time the best part of the day.',
    faqs: [
      ['How do I stop bath toys getting moldy?', 'Choose toys that open up or have no holes, squeeze out the water after each bath and let them dry in the air.'],
      ['What age are bath toys for?', 'Simple floating toys from about 6 months, when babies can sit with support in the tub.'],
    ],
  },
  'potties-and-training-seats': {
    teaser: 'Floor potties, seat reducers and step stools for the next big step.',
    faqs: [
      ['Floor potty or toilet seat reducer?', 'Floor potties are less intimidating and can go anywhere; reducers teach children to use the big toilet. Many families use both.'],
      ['When should we start potty training?', 'When your child shows signs of readiness: staying dry for 2 hours, telling you when they need to go, and showing interest. Usually between 18 months and 3 years.'],
    ],
  },
  // ----- Health & safety
  'baby-health-safety': {
    teaser: 'Monitors, thermometers, gates and first-aid basics for peace of mind.',
    faqs: [
      ['What health items should I have before my baby arrives?', 'A reliable thermometer, a nasal aspirator, infant pain reliever your pediatrician approves, nail clippers and saline drops.'],
      ['Are these items FSA or HSA eligible?', 'Many health items, such as thermometers, breast pumps and nasal aspirators, are. Look for the FSA/HSA eligible label on the product page.'],
    ],
  },
  'baby-monitors': {
    teaser: 'Audio, video and Wi-Fi monitors to keep an ear and eye on naps.',
    faqs: [
      ['Do I need a video monitor?', 'Not necessarily. An audio monitor works well in small homes; video helps you check whether your baby is really awake before you go in.'],
      ['Are Wi-Fi monitors safe?', 'Use a strong, unique password, keep the firmware updated and choose a brand that encrypts its video stream. Non-Wi-Fi monitors cannot be reached from the internet.'],
    ],
  },
  thermometers: {
    teaser: 'Fast, accurate thermometers for babies and toddlers.',
    faqs: [
      ['Which thermometer is most accurate for babies?', 'For babies under 3 months, a rectal digital thermometer is the most accurate. Forehead and ear thermometers are convenient for older babies.'],
      ['When is a fever an emergency?', 'Call your doctor right away for any temperature of 100.4 °F (38 °C) or higher in a baby under 3 months.'],
    ],
  },
  'nasal-aspirators-and-health-care': {
    teaser: 'Aspirators, saline, nail care and grooming kits for everyday care.',
    faqs: [
      ['How do I use a nasal aspirator?', 'Put a drop or two of saline in each nostril, wait a minute, then gently suction. Limit it to a few times a day so the nose does not get irritated.'],
      ['Bulb syringe or tube aspirator?', 'Tube aspirators give you more control and are easier to clean; bulb syringes are quick and simple. Both work well with saline.'],
    ],
  },
  humidifiers: {
    teaser: 'Cool-mist humidifiers and air care to help little noses breathe easier.',
    faqs: [
      ['Cool mist or warm mist?', 'Cool mist. Warm-mist humidifiers heat water and can cause burns if tipped over.'],
      ['How often should I clean a humidifier?', 'Empty and rinse it daily and disinfect it weekly to keep mold and bacteria from growing.'],
    ],
  },
  'baby-gates': {
    teaser: 'Pressure-mounted and hardware-mounted gates for stairs and doorways.',
    faqs: [
      ['Which gate is safe for the top of the stairs?', 'Only a hardware-mounted gate that screws into the wall. Pressure-mounted gates can be pushed out.'],
      ['When should I install gates?', 'Before your baby starts crawling, usually around 6 months.'],
    ],
  },
  babyproofing: {
    teaser: 'Outlet covers, cabinet locks, corner guards and anchors for a safer home.',
    faqs: [
      ['What should I babyproof first?', 'Anchor furniture and TVs, cover outlets, lock cabinets holding cleaning products and medicines, and gate the stairs.'],
      ['Are outlet plugs safe?', 'Small plugs can be a choking hazard if pulled out. Sliding outlet covers that replace the faceplate are safer.'],
    ],
  },
  // ----- Feeding
  feeding: {
    teaser: 'Bottles, pumps, high chairs and bibs for every stage, from the first feed to first foods.',
    faqs: [
      ['How many bottles do I need?', 'If you are bottle-feeding full-time, 6 to 10. If you are mostly breastfeeding, 2 to 4 for the occasional bottle.'],
      ['When do babies start solids?', 'Around 6 months, when they can sit up with support and show interest in food. Talk to your pediatrician first.'],
      ['Can I get a breast pump through insurance?', 'In the US most health plans cover a breast pump. Check with your insurer which models and suppliers are covered.'],
    ],
  },
  'bottles-and-nipples': {
    teaser: 'Anti-colic, glass and silicone bottles with nipple flows for every age.',
    faqs: [
      ['Which nipple flow should I use?', 'Start with the slowest flow for newborns. Move up when your baby gets frustrated or feeds take much longer than 20 minutes.'],
      ['How do I clean bottles?', 'Wash in hot soapy water or the dishwasher after every use. Sterilize before first use and daily for babies under 3 months or born prematurely.'],
    ],
  },
  'breast-pumps': {
    teaser: 'Double electric, wearable and manual pumps for every pumping routine.',
    faqs: [
      ['What kind of pump do I need?', 'If you will pump daily, a double electric pump. Wearable pumps suit pumping on the go, and manual pumps are great for occasional use.'],
      ['How do I know my flange size?', 'Measure the diameter of your nipple in millimeters and add 2 to 4 mm. A flange that fits well is comfortable and empties the breast better.'],
    ],
  },
  'nursing-and-pumping-accessories': {
    teaser: 'Milk storage, nursing pillows, pads and covers for feeding comfortably.',
    faqs: [
      ['How long can breast milk be stored?', 'Up to 4 hours at room temperature, 4 days in the refrigerator and about 6 months in the freezer.'],
      ['Do I need a nursing pillow?', 'Many parents find one helps with positioning and eases shoulder and back strain, especially after a C-section.'],
    ],
  },
  'high-chairs': {
    teaser: 'High chairs and boosters that make it easy for your baby to join family meals.',
    faqs: [
      ['When does my baby need a high chair?', 'When they start solids, around 6 months, and can sit upright with little support.'],
      ['What should I look for?', 'A five-point harness, a wipeable seat, a footrest for good posture and a tray that removes with one hand.'],
    ],
  },
  'bibs-and-burp-cloths': {
    teaser: 'Absorbent burp cloths and wipe-clean bibs for messy moments.',
    faqs: [
      ['How many burp cloths do I need?', 'At least 8 to 12. Keep a few in every room and in the diaper bag.'],
      ['What type of bib is best for solids?', 'A silicone bib with a deep pocket catches dropped food and rinses clean in the sink.'],
    ],
  },
  pacifiers: {
    teaser: 'Orthodontic and round pacifiers in newborn and older-baby sizes.',
    faqs: [
      ['When can I give my baby a pacifier?', 'If you are breastfeeding, many experts suggest waiting until feeding is well established, usually 3 to 4 weeks.'],
      ['How often should I replace pacifiers?', 'Every 1 to 2 months, or right away if you see cracks, tears or stickiness.'],
    ],
  },
  'cups-and-dishes': {
    teaser: 'Suction plates, first spoons and open, straw and sippy cups for learning to eat and drink.',
    faqs: [
      ['When can my baby drink from a cup?', 'Offer a small open or straw cup with water at around 6 months, alongside solids.'],
      ['Why suction plates?', 'They stick to the tray so they are harder to throw, letting your baby practice scooping.'],
    ],
  },
  // ----- Diapering
  diapering: {
    teaser: 'Diapers, wipes, changing pads and bags to keep changes quick and clean.',
    faqs: [
      ['How many diapers does a newborn use?', 'About 8 to 12 a day in the first weeks, so roughly 70 to 80 a week.'],
      ['Cloth or disposable?', 'Both work. Cloth costs more up front and less over time; disposables are convenient. Many families use a mix.'],
    ],
  },
  diapers: {
    teaser: 'Soft, absorbent disposable and cloth diapers in every size.',
    faqs: [
      ['How do I know when to size up?', 'Red marks on the thighs or waist, frequent leaks or a diaper that no longer covers the bottom mean it is time to size up.'],
      ['Should I stock up on newborn size?', 'Buy one or two packs of newborn size. Many babies move to size 1 within a few weeks.'],
    ],
  },
  wipes: {
    teaser: 'Gentle, fragrance-free wipes and warmers for sensitive skin.',
    faqs: [
      ['Are wipes safe for newborns?', 'Fragrance-free, alcohol-free wipes are fine for most newborns. Some parents use water and cotton pads for the first weeks.'],
      ['Do I need a wipe warmer?', 'No, but some parents like one for night changes in cold rooms.'],
    ],
  },
  'changing-pads-and-covers': {
    teaser: 'Contoured pads, washable covers and portable changing mats.',
    faqs: [
      ['How do I secure a changing pad?', 'Use the safety strap and the screws or non-slip base that attach it to the dresser, and keep one hand on your baby at all times.'],
      ['How many covers do I need?', 'Two or three, so one is always clean while another is in the wash.'],
    ],
  },
  'diaper-bags': {
    teaser: 'Backpacks, totes and messenger bags with room for everything.',
    faqs: [
      ['Backpack or tote?', 'Backpacks keep both hands free and spread the weight; totes are easier to dig through. Choose what you will want to carry every day.'],
      ['What should be in a diaper bag?', 'Diapers, wipes, a changing pad, a spare outfit, burp cloths, hand sanitiser and a snack or bottle.'],
    ],
  },
  // ----- Clothing
  clothing: {
    teaser: 'Bodysuits, sleepers and layers in sizes from newborn to big kid.',
    faqs: [
      ['What sizes should I buy for a newborn?', 'A few newborn pieces and more in 0-3M. Many babies skip newborn size entirely.'],
      ['Should I wash new baby clothes?', 'Yes, wash everything before it is worn, with a gentle, fragrance-free detergent.'],
      ['What is the difference between 3-6M and 6M?', 'A range like 3-6M fits babies in that age span; a single number usually means up to that age. Go by weight and height on the size chart.'],
    ],
  },
  bodysuits: {
    teaser: 'Short- and long-sleeve bodysuits, the everyday base layer.',
    faqs: [
      ['How many bodysuits does a newborn need?', 'Around 7 to 10 per size, since spit-up and blowouts mean several changes a day.'],
      ['Why do bodysuits have envelope shoulders?', 'So you can pull the bodysuit down over the shoulders after a blowout instead of over your baby’s head.'],
    ],
  },
  'sleepers-and-pajamas': {
    teaser: 'Zip-up footed sleepers and snug-fit pajamas for cozy nights.',
    faqs: [
      ['Zips or snaps?', 'Zips are faster at 3 a.m.; two-way zips let you change a diaper without unzipping the top.'],
      ['Why are pajamas snug-fitting?', 'Snug-fitting cotton pajamas meet flammability standards without chemical treatments.'],
    ],
  },
  'swaddles-and-sleep-sacks': {
    teaser: 'Swaddles for the newborn startle and wearable blankets for safe, warm sleep.',
    faqs: [
      ['When should I stop swaddling?', 'As soon as your baby shows signs of starting to roll, often around 2 to 4 months. Switch to a sleep sack with arms free.'],
      ['What TOG should I choose?', 'TOG measures warmth. Use 0.5 TOG for warm rooms above 75 °F (24 °C), 1.0 TOG for 68 to 75 °F, and 2.5 TOG below 68 °F (20 °C).'],
    ],
  },
  'hats-and-mittens': {
    teaser: 'Soft knit hats, sun hats and scratch mittens.',
    faqs: [
      ['Should my baby wear a hat indoors?', 'Only in the first day or two. After that, indoor hats can cause overheating, especially during sleep.'],
      ['Do scratch mittens work?', 'They help in the first weeks. Keep nails short and let hands free as soon as you can, since babies explore with their hands.'],
    ],
  },
  'socks-and-booties': {
    teaser: 'Grippy socks, soft booties and first shoes that stay on.',
    faqs: [
      ['Do babies need shoes?', 'Not until they walk outdoors. Barefoot or grippy socks are best for learning to walk indoors.'],
      ['How do I keep socks on?', 'Choose socks with a snug, wide cuff, or booties that fasten around the ankle.'],
    ],
  },
  'outfits-and-sets': {
    teaser: 'Coordinated sets, rompers and sibling styles for everyday and special days.',
    faqs: [
      ['What should my baby wear home from the hospital?', 'Something soft and easy: a bodysuit and a footed sleeper, plus a hat, and a blanket over the car seat harness if it is cold.'],
      ['Do sets run true to size?', 'Most do. Check the size chart, and size up if your baby is between sizes.'],
    ],
  },
  // ----- More
  more: {
    teaser: 'Cash funds, gift cards, favors, holiday gifts and keepsakes: the gifts that are not a thing.',
    faqs: [
      ['What is a cash fund?', 'A registry item that lets friends and family contribute money towards something bigger, such as childcare, a nursery makeover or parental leave.'],
      ['Do gift cards expire?', 'No. Nestlist gift cards never expire and can be used on anything in the shop.'],
    ],
  },
  'cash-funds': {
    teaser: 'Ask for help with the big things, from parental leave to diapers for a year.',
    faqs: [
      ['How do contributors give to a cash fund?', 'They choose an amount and pay by card; the contribution and a note appear in your gift tracker.'],
      ['Is there a fee?', 'Card processing fees may apply and are shown before the contribution is confirmed.'],
    ],
  },
  'gift-cards': {
    teaser: 'Electronic gift cards from $25 to $1,000, delivered by email and never expiring.',
    faqs: [
      ['How is an electronic gift card delivered?', 'By email to the recipient on the date you choose, with your personal message.'],
      ['Can a gift card be used with the registry discount?', 'Gift cards can be used to pay for discounted items, but the registry discount does not apply to buying gift cards.'],
    ],
  },
  'help-and-favors': {
    teaser: 'Meals, babysitting, dog walks and other help that means the most in the first weeks.',
    faqs: [
      ['How do favors work?', 'Add a favor to your registry and friends can sign up to help. You coordinate the details directly with them.'],
      ['What favors are most popular?', 'Meal deliveries, help with laundry, walking the dog and a few hours of babysitting so parents can rest.'],
    ],
  },
  'holiday-gifts': {
    teaser: 'Cozy, giftable picks for a baby’s first holidays.',
    faqs: [
      ['What is a good first holiday gift for a baby?', 'A soft book, a lovey, a keepsake ornament or a cozy sleeper. Parents also love practical gifts such as a cash fund contribution.'],
      ['Will it arrive in time?', 'Order by the cut-off dates shown in your cart for standard shipping, or choose expedited shipping at checkout.'],
    ],
  },
  keepsakes: {
    teaser: 'Memory books, handprint kits and personalized pieces to treasure.',
    faqs: [
      ['When should I start a baby book?', 'During pregnancy. Many memory books have pages for bump photos, the birth story and the first year.'],
      ['Are handprint kits safe?', 'Choose non-toxic clay or ink-free kits, and wash your baby’s hands and feet afterwards.'],
    ],
  },
}
