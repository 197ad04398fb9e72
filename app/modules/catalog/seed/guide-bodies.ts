// Guide article bodies, keyed by guide slug. Markdown-lite: paragraphs separated by blank lines,
// '## ' headings and '- ' bullet lists. General advice only; the text points readers to their
// pediatrician or car seat technician where that matters.
// Demo seed copy, long because each guide's whole article is written out here; it stays one table so
// catalog-seed-data.ts looks every body up by slug in one place.

export const GUIDE_BODIES: Record<string, string> = {
  'best-strollers': `A stroller is one of the most-used things you will buy, so it is worth test-driving a few before you decide. Start with where you will push it most: city sidewalks, suburban paths, gravel or the trunk of a small car.

## The main types
- Full-size strollers have big wheels, large baskets and reversible seats. They are comfortable from birth with a bassinet or car seat adapters.
- Lightweight and travel strollers fold small and weigh less, and are best once your baby can sit up.
- Jogging strollers have air-filled tires and a locking front wheel for running.
- Travel systems pair a stroller with a matching infant car seat.

## What to test in the shop
Fold and unfold it with one hand while holding a bag in the other. Lift it to the height of your trunk. Push it over a curb, turn it in a tight circle and check that the brake is easy to set with your foot.

## Features that matter later
A seat that reclines flat, a large sun canopy, a basket you can reach when the seat is reclined and a handlebar that adjusts for both parents. Check the weight limit too: a seat rated to 50 lb will last well into the toddler years.`,

  'travel-systems-explained': `A travel system is a stroller sold with an infant car seat that clicks straight into it. The big advantage is in the newborn months: you can move a sleeping baby from the car to the stroller without unbuckling them.

## Do you need one?
If you drive most days and will do lots of quick errands, a travel system is very convenient. If you mostly walk or use public transport, a stroller with a bassinet may suit you better.

## Things to check
- The car seat fits your car well, including the base at the angle your back seat allows.
- The stroller still works well on its own after your baby outgrows the infant seat, usually between 9 and 15 months.
- The combined weight is something you can lift comfortably.

## Safety reminders
A car seat is for traveling, not for sleep. When you arrive, move your baby to a flat, firm sleep surface if they are going to nap, and limit long stretches in the car seat outside the car.`,

  'double-stroller-guide': `Whether you are expecting twins or a second child before the first is ready to walk everywhere, a double stroller can save your back and your sanity.

## Side-by-side or tandem
Side-by-side doubles give both children the same view and tip easily over curbs, but they are wide. Tandem strollers put one seat behind or above the other: they are as narrow as a single stroller but longer, so turning takes practice.

## Convertible singles
Some single strollers accept a second seat. They are a good choice if you will only need a double for a year or two, but check the weight limits of the second seat and whether the basket is still reachable.

## Measure first
Measure your front door, elevator and car trunk. Most side-by-side strollers are just under 30 inches wide, which fits standard doors but not every shop aisle.`,

  'jogging-stroller-guide': `Running with your baby is a great way to get out of the house together, but wait until your baby is around 6 to 8 months old with strong head and neck control. Check with your pediatrician if you are unsure.

## Features that matter at speed
- A front wheel that locks straight so the stroller tracks steadily.
- Air-filled tires and adjustable suspension to smooth bumps.
- A hand brake for downhill stretches, and a wrist strap you always wear.
- A five-point harness and a canopy that blocks the sun low in the sky.

## Before your first run
Check the tire pressure, adjust the handlebar so your arms are relaxed and start with walks to get used to the handling. Stick to smooth paths at first, and push with one hand close to the bar, not by swinging it.`,

  'car-seat-stages-explained': `Car seats come in stages, and the safest stage is almost always the one your child is in now for as long as they fit it.

## Rear-facing
Infant seats and convertible seats used rear-facing protect the head, neck and spine by spreading crash forces across the shell. Keep your child rear-facing until they reach the highest rear-facing height or weight limit of their seat, which for many children is well past their second birthday.

## Forward-facing with a harness
Once your child outgrows rear-facing, turn the seat forward and keep using the five-point harness, always with the top tether attached.

## Booster seats
When your child outgrows the harness, usually at age 5 or older, a booster positions the adult belt across the strong bones of the hips and chest. Most children need a booster until they are about 4 ft 9 in tall.

## Checking the fit
The harness should be snug enough that you cannot pinch any slack at the shoulder, with the chest clip at armpit level. A certified child passenger safety technician can check your installation, often for free.`,

  'how-to-install-an-infant-car-seat': `Install your infant seat a few weeks before your due date, and read both the car seat manual and the child seat section of your vehicle manual first.

## Step by step
- Put the base in the back seat, ideally in the center if your car allows a tight fit there.
- Use either the lower anchors or the seat belt, not both, unless your manual says otherwise.
- Press down on the base with your weight while tightening the strap or belt.
- Check the recline indicator shows the correct angle for a newborn.
- Hold the base at the belt path and tug: it should move less than an inch side to side or front to back.

## Buckling your baby in
Harness straps should come from at or below your baby’s shoulders when rear-facing. Tighten until you cannot pinch any webbing at the collarbone, and place the chest clip at armpit level. Skip thick coats and aftermarket inserts that did not come with the seat.

## Get it checked
Many fire stations, hospitals and community groups have certified technicians who will check your installation.`,

  'babywearing-101': `Carrying your baby in a wrap or carrier can calm a fussy newborn, make breastfeeding on the go easier and free your hands for everything else.

## Types of carriers
- Stretchy wraps: soft and snug, ideal for newborns, with a learning curve.
- Ring slings: quick to put on, great for short carries and hip carries.
- Soft structured carriers: buckles and padded straps, easy to share between caregivers.
- Hip seats and framed hiking carriers: for older babies and toddlers.

## Safety first: TICKS
Tight, In view at all times, Close enough to kiss, Keep chin off the chest, Supported back. Your baby should be high on your chest, with their face visible and never pressed into fabric.

## Hip-healthy positioning
Look for the M position: knees higher than the bottom, with the carrier supporting the thighs from knee to knee.`,

  'best-baby-carriers': `The best carrier is the one that fits both of your bodies and that you actually want to put on.

## Think about how you will use it
For short trips around the house, a ring sling or stretchy wrap is quick and cozy. For long walks and travel, a padded buckle carrier spreads the load better. If you hike, a framed carrier with a sunshade and storage will keep you both comfortable.

## Fit for you
Try it with a weighted doll or your baby if you can. The waist belt should sit at your natural waist, the shoulder straps should not dig in, and you should be able to reach the buckles yourself.

## Fit for your baby
Check the minimum weight and whether an infant insert is needed. Your baby’s knees should be higher than their bottom, and the panel should reach the back of their neck for support until they have strong head control.`,

  'nursery-checklist': `A nursery does not need to be big or expensive. It needs to be safe, easy to use at 3 a.m. and calm.

## Day-one essentials
- A crib or bassinet that meets current safety standards, with a firm, tight-fitting mattress.
- Two or three fitted sheets and a waterproof mattress protector.
- A place to change diapers: a dresser with a secured changing pad works well.
- Storage for clothes, diapers and wipes within arm’s reach of the changing area.
- A comfortable chair for feeds, with a small table for water and a dim lamp.

## Nice to have
A white noise machine, blackout curtains, a humidifier in dry climates and a laundry basket close by.

## Safety checks
Anchor dressers and bookcases to the wall, keep cords from blinds and monitors well out of reach, and keep the crib away from windows and heaters.`,

  'safe-sleep-basics': `Safe sleep practices greatly reduce the risk of sudden infant death and accidental suffocation. The basics are simple: Alone, on the Back, in a Crib.

## The essentials
- Always put your baby down on their back for every sleep, naps included.
- Use a firm, flat mattress in a crib, bassinet or play yard that meets current safety standards.
- Keep the sleep space bare: no pillows, bumpers, blankets or soft toys.
- Room-share, with your baby on their own sleep surface, ideally for at least the first 6 months.

## Keeping warm safely
Dress your baby in one more layer than you would wear, and use a wearable blanket instead of loose bedding. Keep the room at a comfortable temperature and avoid hats during sleep.

## What to avoid
Inclined sleepers, loungers and sleeping in car seats, swings or bouncers. If your baby falls asleep in one, move them to a flat sleep surface.`,

  'choosing-a-glider': `You will likely spend hundreds of hours in your nursery chair, feeding, rocking and later reading bedtime stories.

## Five things to test
- Seat depth and height: your feet should rest flat on the floor.
- Arm height: arms should support your elbows while you hold a baby on a pillow.
- Back height: a high back lets you rest your head during night feeds.
- Motion: smooth and quiet, without clicks or squeaks.
- Fabric: performance fabrics clean up after spit-up and spills.

## Extras worth considering
A locking mechanism stops the chair moving when you stand up with a sleeping baby. Recliners and swivel bases are comfortable, but check that little fingers cannot get caught in the mechanism once your child is crawling.`,

  'how-to-create-a-baby-registry': `A registry helps the people who love you give you things you will actually use, and saves you from ten of the same blanket.

## When to start
Many parents start in the second trimester, which leaves time to research and to share the registry before a shower. You can keep adding to it after your baby arrives.

## What to add
Cover the basics first: somewhere to sleep, car seat, stroller, diapering, feeding and clothing. Then add a range of prices so everyone can find something, from a pack of burp cloths to a group gift for the stroller.

## Make it easy to give
Add cash funds for big things like childcare or parental leave, favors for the help you will need in the first weeks, and gift cards for flexibility. Keep your shipping address up to date, and share your registry link with family and friends.`,

  'registry-must-haves': `The first three months are about feeding, sleeping and changing, many, many times a day. These are the things most parents reach for constantly.

## Sleep
A bassinet or crib, two or three fitted sheets, swaddles or sleep sacks and a white noise machine.

## Feeding
Burp cloths by the dozen, a nursing pillow, bottles if you plan to bottle-feed or pump, and a breast pump if you will be pumping.

## Diapering
Diapers in newborn and size 1, fragrance-free wipes, a changing pad with two covers and diaper cream.

## Out and about
An infant car seat, a stroller that works from birth, a carrier for hands-free errands and a diaper bag you like carrying.`,

  'how-cash-funds-work': `A cash fund lets friends and family contribute towards something bigger than a single gift, and many guests love knowing exactly what their money will go towards.

## Popular cash funds
Parental leave, childcare, a nursery makeover, a college savings account, a doula or night nurse, and diapers for a year.

## Tips for a great fund
Give it a clear name and a short description of what it will help with. Photos help too. Setting a goal lets guests see progress, and smaller funds feel more achievable than one huge one.

## Saying thank you
Contributions and their notes appear in your gift tracker, so you can send thank-you notes as they come in.`,

  'asking-for-help-and-favors': `In the first weeks after a baby arrives, the most valuable gifts are often time, rest and a hot meal.

## Favors parents value most
- Dropping off a home-cooked meal or organizing a meal train.
- Folding laundry or doing a load of dishes during a visit.
- Walking the dog or taking older siblings to the park.
- Babysitting for a few hours so parents can nap.
- A grocery run with a list.

## How to ask
Be specific about what would help and when. Adding favors to your registry gives friends a simple way to sign up, and saves you from having to ask each person directly.`,

  'holiday-gift-guide': `A baby’s first holidays are a lovely excuse for a thoughtful gift. Parents tend to appreciate presents that are useful, beautiful or both.

## For newborns
Cozy sleepers, a soft swaddle, a first board book or a keepsake ornament with the baby’s name and year.

## For 6 to 12 months
Stacking toys, bath toys, a sturdy board book set or a wooden rattle. Anything that can be mouthed safely will be.

## For toddlers
Blocks, a ride-on toy, chunky puzzles or a pretend-play set. A book signed with a note from you becomes a keepsake.

## Not sure what to get?
Check the family’s registry, contribute to a cash fund or send a gift card they can use on what they actually need.`,

  'tummy-time-guide': `Tummy time builds the neck, shoulder and core strength babies need to roll, sit and crawl, and it helps prevent flat spots on the back of the head.

## How much?
Start with a few minutes, two or three times a day, from the first days at home. Build up to about an hour a day in total by 3 months.

## Making it easier
- Lie down face to face with your baby; your face is the best toy.
- Try tummy time on your chest while you recline.
- Roll a small towel under their chest for a little lift.
- Put a mirror or high-contrast card in front of them.

## If your baby protests
Short, frequent sessions work better than long ones. Stop before they are very upset and try again after the next nap or diaper change.`,

  'teething-survival-guide': `Most babies get their first tooth between 4 and 10 months. Drooling, chewing, swollen gums and fussiness can start weeks before a tooth appears.

## What helps
- A chilled (not frozen) teether or a clean, damp washcloth from the fridge.
- Gentle gum massage with a clean finger.
- Extra cuddles and a consistent routine.

## What to avoid
Teething necklaces and amber beads are a strangulation and choking risk. Skip numbing gels and homeopathic tablets, and ask your pediatrician about pain relief.

## When to call the doctor
Teething does not cause high fevers or diarrhea. If your baby has a temperature above 100.4 °F (38 °C) or seems unwell, check with your doctor.`,

  'best-books-for-babies': `Reading aloud from birth builds vocabulary, attention and a love of books, and it is one of the easiest ways to bond.

## 0 to 3 months
High-contrast books with bold shapes and faces. Your baby is listening to your voice more than the story.

## 3 to 12 months
Sturdy board books, touch-and-feel pages and books with rhymes and repetition. Expect chewing.

## 12 months and up
Lift-the-flap books, simple stories and books about everyday routines like bath time and bedtime.

## Tips
Read the same favorites again and again; repetition is how babies learn. Point at pictures and name them, and let your baby turn the pages.`,

  'bath-time-basics': `Bath time can be a calm part of the evening routine, once you have a system.

## How often
Two or three baths a week is plenty for a newborn. Stick to sponge baths until the umbilical cord stump falls off.

## Before you start
Gather everything within reach: towel, washcloth, mild fragrance-free wash, a clean diaper and clothes. Warm the room and fill the tub with about 2 inches (5 cm) of water at around 98 to 100 °F (37 to 38 °C).

## During the bath
Support your baby’s head and neck, keep one hand on them at all times and wash from the cleanest areas to the diaper area. Never leave your baby, even for a moment; take them with you if you need to answer the door.

## Afterwards
Wrap them in a hooded towel, pat dry the skin folds and moisturize if their skin is dry.`,

  'potty-training-readiness': `There is no perfect age to potty train. Most children are ready between 18 months and 3 years, and starting when your child shows signs of readiness usually makes it quicker.

## Signs of readiness
- Staying dry for 2 hours or through a nap.
- Telling you, or showing you, when they are wet or need to go.
- Interest in the toilet or in wearing underwear.
- Being able to pull pants up and down.

## A gentle first week
Put a potty where your child spends time, offer it after waking, after meals and before bath. Dress them in easy clothes, praise the effort and expect accidents. If it becomes a battle, take a break for a few weeks and try again.`,

  'choosing-a-baby-monitor': `A monitor lets you rest or get things done while your baby naps, but the right one depends on your home and your worries.

## Types
- Audio monitors: simple, affordable, long battery life.
- Video monitors with a parent unit: see your baby without a phone, no internet needed.
- Wi-Fi monitors: watch from your phone anywhere, often with sleep tracking.

## What to compare
Range through walls, night vision, battery life of the parent unit, and two-way talk. For Wi-Fi monitors, check how video is encrypted and whether features need a subscription.

## Placement
Mount or place the camera at least 3 feet (1 meter) from the crib, with every cord well out of reach.`,

  'baby-medicine-cabinet': `Set up your baby’s health kit before the birth so you are not searching for a thermometer at 2 a.m.

## The basics
- A digital thermometer; rectal is most accurate for babies under 3 months.
- A nasal aspirator and saline drops.
- Baby nail clippers or a file.
- Infant pain and fever relief approved by your pediatrician, with the dosing syringe.
- Diaper cream and petroleum jelly.
- A cool-mist humidifier for colds.

## Important numbers
Keep your pediatrician’s number and your local poison control number on the fridge and in your phone.

## When to call
Any fever of 100.4 °F (38 °C) or above in a baby under 3 months needs a call to the doctor straight away.`,

  'babyproofing-room-by-room': `Start babyproofing before your baby crawls, usually by 6 months. Get down on your hands and knees and look at each room from their height.

## Everywhere
Anchor furniture and TVs, cover outlets, tidy cords away and keep small objects, button batteries and magnets out of reach.

## Kitchen and bathroom
Lock cabinets holding cleaning products and medicines, use stove knob covers, and keep the toilet lid closed with a lock.

## Stairs and doors
Use hardware-mounted gates at the top of stairs and pressure gates at the bottom or in doorways. Door-pinch guards protect little fingers.

## Windows
Install window guards or stops so windows open no more than 4 inches (10 cm), and choose cordless blinds.`,

  'bottle-feeding-basics': `Whether you are feeding formula, expressed milk or both, a few basics make bottle feeding smoother.

## Choosing bottles
Buy one or two of a few types first; babies can be opinionated. Start with the slowest-flow nipple.

## Paced feeding
Hold your baby upright, keep the bottle horizontal so milk just fills the nipple, and let them take breaks. This mimics breastfeeding and helps prevent overfeeding.

## Cleaning and storage
Wash bottles after every use and sterilize regularly for young babies. Prepared formula should be used within 2 hours, or within 1 hour once a feed has started. Breast milk keeps up to 4 days in the fridge.`,

  'breast-pump-guide': `A good pump that fits well can make pumping far more comfortable and effective.

## Which type
- Double electric pumps are the workhorses for daily pumping.
- Wearable pumps fit inside your bra for pumping on the go.
- Manual pumps are small, quiet and great for occasional use.

## Through insurance
In the US most health plans cover a breast pump. Call your insurer or check a covered supplier, and start the process in the third trimester.

## Flange fit
Measure your nipple diameter after a pumping session and choose a flange 2 to 4 mm larger. Pain, rubbing or little output can all be signs of a poor fit.

## Getting started
Pump after feeds to build a small freezer stash, and keep everything clean between sessions.`,

  'starting-solids': `Most babies are ready for solids around 6 months. Signs include sitting with little support, good head control, interest in your food and no longer pushing food out with the tongue.

## First foods
Iron-rich foods are a priority: meat, beans, lentils and iron-fortified cereals. Offer common allergens such as peanut and egg early and often, as your pediatrician advises.

## Purees or baby-led weaning?
Both work, and many families combine them. Soft finger foods should be squishable between your fingers.

## Gear that helps
A high chair with a footrest, a suction plate, a silicone bib and an open or straw cup. Always stay with your baby while they eat, and learn the difference between gagging and choking.`,

  'how-many-diapers-do-you-need': `Babies go through a lot of diapers, but they also grow through sizes quickly, so avoid overbuying any one size.

## A rough guide for the first year
- Newborn: 1 or 2 packs, about 8 to 12 a day for a few weeks.
- Size 1: about 8 to 10 a day, until around 3 to 4 months.
- Size 2: about 8 a day, to around 6 months.
- Size 3 and up: 6 to 8 a day.

## When to size up
Leaks, red marks on the thighs or tummy and a diaper that no longer covers the bottom all mean it is time.

## Wipes
Plan on roughly 2 or 3 wipes per change, so stock up generously.`,

  'diaper-bag-packing-list': `A well-stocked diaper bag means you can leave the house with five minutes’ notice.

## The basics
- Diapers: one for every 2 hours out, plus two extra.
- Wipes and a portable changing pad.
- A spare outfit for your baby, and a spare top for you.
- Burp cloths and a bib.
- Hand sanitiser and a few disposable bags.

## Feeding
Bottles, formula or milk in a cool bag, a nursing cover if you like one, and snacks and a cup for older babies.

## Keep it stocked
Restock as soon as you get home, and keep a small pouch of essentials that moves between bags and the car.`,

  'newborn-clothes-checklist': `It is easy to overbuy baby clothes. Newborns grow fast and spend most of their time in bodysuits and sleepers.

## A starter list
- 7 to 10 bodysuits.
- 5 to 7 footed sleepers or sleep gowns.
- 2 or 3 swaddles or sleep sacks.
- 2 hats, a few pairs of socks and scratch mittens.
- A warm layer, such as a cardigan or fleece suit.

## Which sizes?
Buy a few newborn pieces and more in 0-3M. Many babies skip newborn size entirely, and babies over about 8 lb (3.5 kg) often start in 0-3M.

## Easy wins
Choose zip sleepers for night changes, envelope shoulders for blowouts and soft fabrics without scratchy tags. Wash everything before your baby wears it.`,

  'baby-clothing-size-guide': `Baby clothing sizes are labeled by age, but babies come in all shapes. Size by weight and height where you can.

## Common sizes
NB (newborn), 0-3M, 3-6M, 6-9M, 9-12M, 12-18M and 18-24M cover the baby years. Toddler sizes run 2T to 5T, then kids’ sizes start at 6.

## Tips
- Check the brand’s size chart; sizes vary between brands.
- When in doubt, size up. Babies grow quickly and bigger clothes can be rolled up.
- Cotton can shrink; wash in cool water and air-dry to keep things fitting longer.

## Shoes and socks
Socks follow clothing sizes; shoes use their own baby and toddler sizes based on foot length.`,

  'how-to-swaddle': `Swaddling can help newborns sleep by calming the startle reflex, but it is only for the first few months.

## How to swaddle
- Lay a square blanket as a diamond and fold the top corner down.
- Place your baby on their back with shoulders just below the fold.
- Bring one side across the body and tuck it under, arm straight at the side.
- Fold the bottom up loosely, leaving room for the legs to bend.
- Wrap the other side across and tuck it in.

## Hip-healthy swaddling
The wrap should be snug at the chest but loose around the hips, so legs can bend up and out.

## When to stop
As soon as your baby shows signs of trying to roll, usually between 2 and 4 months. Move to a sleep sack with the arms free.`,

  'dressing-baby-for-the-weather': `Babies cannot regulate their temperature as well as adults, so dress them thoughtfully.

## The one-more-layer rule
Dress your baby in one more layer than you are comfortable in. Feel the back of the neck or the chest: hot and sweaty means too warm.

## Cold weather
Use thin layers, a hat and mittens outdoors. In the car seat, take off puffy coats and put a blanket over the buckled harness instead.

## Warm weather
Light, breathable cotton and a wide-brimmed hat. Keep babies under 6 months out of direct sun, and ask your pediatrician about sunscreen.

## Sleep
Skip hats indoors and during sleep, and use a sleep sack with the right warmth for the room.`,
}
