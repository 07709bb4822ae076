// The hand-written half of the knowledge evaluation set: for each topic, facts as a document would
// state them, each with a question a person might ask for it in other words. The questions are
// written to share as few content words with their passage as a natural question allows; the
// generator (corpus.ts) plants each passage in a document of its own among generated paragraphs.
// All of it is original text written for this set, free to use.

export type TopicId =
  | "council"
  | "cooking"
  | "appliances"
  | "garden"
  | "hr"
  | "ops"
  | "transit"
  | "firstaid"
  | "astronomy"
  | "history"
  | "pets"
  | "money"
  | "cycling"
  | "library"
  | "club"
  | "music"
  | "weather"
  | "diy"
  | "photo"
  | "farm";

/** [passage, paraphrased question] */
type Pair = readonly [string, string];

export const FACTS: Record<TopicId, readonly Pair[]> = {
  council: [
    [
      "Household bins in Larkfield are emptied every second Thursday; garden waste goes out on the Monday after.",
      "How often does the council collect rubbish from homes?",
    ],
    [
      "The municipal swimming pool closes for deep cleaning during the first fortnight of September each year.",
      "At what time of year do the public baths shut for a thorough scrub?",
    ],
    [
      "Parking permits for residents cost 45 pounds a year and are renewed online before the end of March.",
      "What is the annual price of letting locals leave their car on the street, and when must it be extended?",
    ],
    [
      "Street lights that have failed can be reported through the council's fault line; repairs usually follow within five working days.",
      "If a lamp post outside my house stops glowing, how long until someone fixes it?",
    ],
    [
      "Planning applications for extensions taller than four metres require a public notice posted on the site for twenty-one days.",
      "How long must neighbours be warned before I build a tall addition to my home?",
    ],
    [
      "The recycling centre on Quarry Road accepts old mattresses, but only on Saturday mornings and for a fee of eight pounds per item.",
      "Where and when can I get rid of a worn-out bed, and what does it cost?",
    ],
    [
      "Allotment plots are allocated from a waiting list; the current wait is roughly three years.",
      "How long do people queue for a patch of land to grow vegetables?",
    ],
    [
      "Council tax bills are sent in April and can be paid in ten monthly instalments.",
      "Can the local property levy be spread over the year instead of settled at once?",
    ],
    [
      "Dog fouling in parks carries a fixed penalty of one hundred pounds.",
      "What fine do owners face if their pet leaves mess on the green and they don't clean it up?",
    ],
    [
      "The town hall's marriage room seats sixty guests and must be booked at least three months ahead.",
      "How many people can attend a wedding at the civic building, and how early should we reserve it?",
    ],
  ],
  cooking: [
    [
      "Sourdough starter should be fed equal weights of flour and water every day while it is kept at room temperature.",
      "How do I keep my bread culture alive on the kitchen counter?",
    ],
    [
      "Risotto rice is toasted in butter for two minutes before any stock is added, so the grains stay distinct.",
      "Why fry the arborio briefly in fat before pouring in broth?",
    ],
    [
      "Beef brisket needs about eight hours at 110 °C in a low oven until a skewer slides in without resistance.",
      "How long should a slow-cooked cut of cow chest roast, and how do I know it's done?",
    ],
    [
      "Egg whites whip to stiff peaks faster in a clean metal bowl; any trace of yolk or grease stops them from rising.",
      "What ruins meringue foam when beating it?",
    ],
    [
      "Fresh pasta dough rests for thirty minutes wrapped in film so the gluten relaxes and it rolls out thinly.",
      "Why leave homemade noodle mixture covered for half an hour before flattening it?",
    ],
    [
      "Pickled onions are ready after four weeks in vinegar but keep their crunch for about a year.",
      "How soon can I eat preserved shallots in sour brine, and how long do they stay crisp?",
    ],
    [
      "To stop avocado from browning, press cling film directly onto the cut surface or brush it with lime juice.",
      "How can I keep a halved guacamole fruit from going dark?",
    ],
    [
      "Chilli heat comes mostly from the pale membrane and seeds, so removing them makes a milder sauce.",
      "Which parts of a hot pepper should I cut out to tone down the spiciness?",
    ],
    [
      "Bread flour contains around thirteen percent protein, compared with about ten percent in plain flour.",
      "How much more gluten-forming content is in strong baking meal than in the all-purpose kind?",
    ],
    [
      "A roast chicken is safe to eat once the thickest part of the thigh reaches 74 °C.",
      "At what internal reading is an oven-cooked hen properly done?",
    ],
  ],
  appliances: [
    [
      "If the dishwasher shows error E24, the drain hose is kinked or the filter under the lower basket is blocked.",
      "My plate-cleaning machine won't empty after a wash: what has probably gone wrong?",
    ],
    [
      "The boiler's pressure gauge should read between 1 and 1.5 bar when the heating is cold; top it up with the filling loop if it drops below.",
      "What needle position is normal on the furnace dial before the radiators warm up, and how do I add more?",
    ],
    [
      "Descale the coffee machine every two months in hard-water areas using the citric acid programme.",
      "How often should limescale be cleared from an espresso maker where the supply is chalky?",
    ],
    [
      "The washing machine door stays locked for two minutes after a cycle ends while the drum cools and the pressure switch resets.",
      "Why can't I open my laundry appliance straight away once it finishes?",
    ],
    [
      "Fridge temperature should be set between 3 and 5 °C; the freezer compartment works best at minus 18.",
      "What cold settings are recommended for the food chiller and the ice box?",
    ],
    [
      "Clean the tumble dryer's lint screen after every load to avoid overheating and fire risk.",
      "Why should fluff be removed from the clothes drier each time it is used?",
    ],
    [
      "The oven's self-cleaning pyrolytic cycle heats to about 480 °C and takes three hours, locking the door throughout.",
      "How hot does the cooker get when it burns off grime by itself, and for how long?",
    ],
    [
      "Replace the cooker hood's charcoal filter every four months if the extractor recirculates air rather than venting outside.",
      "How frequently must the carbon pad above the stove be changed when fumes aren't ducted out of the house?",
    ],
    [
      "A microwave must never be run empty: without food to absorb the energy the magnetron can be damaged.",
      "What harm comes from switching on the radar range with nothing inside?",
    ],
    [
      "The robot vacuum returns to its dock automatically when its battery falls below fifteen percent.",
      "At what power level does the self-driving floor cleaner head home to recharge?",
    ],
  ],
  garden: [
    [
      "Tomato plants need their side shoots pinched out weekly so energy goes into fruit rather than leaves.",
      "Why should I remove the little growths between the stem and branches of my vine crops?",
    ],
    [
      "Plant garlic cloves in autumn, pointed end up, about five centimetres deep; they need a cold spell to form bulbs.",
      "When should I bury segments of the pungent allium, and how far down?",
    ],
    [
      "Roses are pruned in late winter, cutting just above an outward-facing bud at a slant.",
      "At what season and where on the stem should thorny flowering shrubs be trimmed back?",
    ],
    [
      "Lawns should not be mown shorter than four centimetres during dry summers, since longer grass shades its own roots.",
      "How low can I cut the turf in a drought?",
    ],
    [
      "Slugs can be kept off lettuces with copper tape around raised beds or a ring of crushed eggshell.",
      "What barriers stop slimy pests eating salad leaves?",
    ],
    [
      "Compost is ready when it is dark, crumbly and smells of earth, usually after nine to twelve months.",
      "How can I tell when the heap of rotting kitchen scraps can go on the borders?",
    ],
    [
      "Hydrangea flowers turn blue in acidic soil and pink in alkaline soil because aluminium becomes available at low pH.",
      "Why does the colour of mophead blooms depend on the ground they grow in?",
    ],
    [
      "Water seedlings from below by standing trays in a shallow bath, which avoids washing the young roots out.",
      "What's the gentlest way to moisten tiny sprouts in pots?",
    ],
    [
      "Apple trees are grafted onto dwarfing rootstocks such as M27 to keep them under two metres tall.",
      "How do growers keep orchard specimens short enough to reach without a ladder?",
    ],
    [
      "Frost-tender dahlias are lifted after the first frost blackens their foliage and stored dry in a shed over winter.",
      "What should I do with my tuberous summer blooms once cold weather kills the leaves?",
    ],
  ],
  hr: [
    [
      "Employees accrue twenty-five days of annual leave, plus public holidays, and may carry up to five unused days into the next year.",
      "How much paid time off do workers get, and can any of it roll over?",
    ],
    [
      "Expense claims must be submitted with receipts within sixty days of the purchase or they will not be reimbursed.",
      "What's the deadline for getting money back for something I bought on company business?",
    ],
    [
      "New parents are entitled to sixteen weeks of fully paid leave, which can be taken in up to three blocks before the child's second birthday.",
      "How long can a mother or father stay home on full salary after a baby arrives?",
    ],
    [
      "Remote work is allowed up to three days a week with a manager's agreement; core hours are 10:00 to 15:00.",
      "How often may I do my job from home, and when must I be reachable?",
    ],
    [
      "Sick leave longer than seven calendar days requires a doctor's note.",
      "After how long off ill do I need a medical certificate?",
    ],
    [
      "The probation period for new hires lasts six months, with a review meeting at the three-month mark.",
      "How long is the trial stage when someone joins, and when is the midpoint check?",
    ],
    [
      "Staff travelling by train may book first class only for journeys longer than three hours.",
      "When is a premium rail seat allowed on a work trip?",
    ],
    [
      "Employees can buy up to five extra days of leave each year through salary sacrifice.",
      "Is it possible to purchase more time off by giving up some pay?",
    ],
    [
      "Grievances are raised in writing with the people team, who must acknowledge them within five working days.",
      "How quickly will HR respond after I file a formal complaint?",
    ],
    [
      "The company matches pension contributions up to six percent of base salary.",
      "How much will my employer add to my retirement savings?",
    ],
  ],
  ops: [
    [
      "If the primary database fails, promote the replica with the failover script and update the connection string in the secrets store.",
      "What steps bring the service back when the main data server goes down?",
    ],
    [
      "TLS certificates renew automatically thirty days before expiry; an alert fires if renewal fails twice.",
      "When are HTTPS credentials refreshed, and when does on-call get paged about them?",
    ],
    [
      "Backups run nightly at 02:00 UTC and are kept for thirty-five days; monthly snapshots are kept for a year.",
      "How long are copies of our data retained?",
    ],
    [
      "Deploys are frozen from Friday 16:00 until Monday 09:00 unless an incident commander approves an emergency change.",
      "Can we ship code over the weekend?",
    ],
    [
      "Disk usage above eighty-five percent on any node pages the on-call engineer.",
      "At what storage fill level does someone get woken up?",
    ],
    [
      "Rotate API keys every ninety days; the old key stays valid for forty-eight hours so clients can switch over.",
      "How often should access tokens be replaced, and is there a grace window?",
    ],
    [
      "Log lines containing personal data must be redacted before shipping to the central log cluster.",
      "What must be stripped from diagnostic output before it is aggregated?",
    ],
    [
      "A postmortem is written within five business days of any incident that affected customers, without assigning blame.",
      "When is the review of an outage due, and what tone should it take?",
    ],
    [
      "The staging environment is rebuilt from scratch every Sunday night, so no manual changes there survive the week.",
      "Why do my hand edits on the pre-production servers vanish?",
    ],
    [
      "Rate limits are 600 requests per minute per token; clients exceeding it receive status 429 with a Retry-After header.",
      "How many calls can an integration make before it gets throttled?",
    ],
  ],
  transit: [
    [
      "The Harrowby ferry sails every forty minutes in summer but only hourly between November and March.",
      "How frequent are the boat crossings in the colder months?",
    ],
    [
      "Bicycles travel free on the ferry, while cars pay twelve pounds each way.",
      "What does it cost to take a bike or a vehicle across the water?",
    ],
    [
      "Season tickets on the coastal railway are refunded pro rata, minus a ten-pound administration fee.",
      "Can I get money back on an unused annual rail pass?",
    ],
    [
      "Children under five ride the buses free; under-sixteens pay half fare.",
      "Do kids need to pay on public transport?",
    ],
    [
      "The night bus N7 runs from the station to the hospital every thirty minutes between midnight and five.",
      "Is there a late service to get to the infirmary after the trains stop?",
    ],
    [
      "Luggage over twenty-three kilograms is charged an extra thirty pounds at the check-in desk.",
      "What happens if my suitcase is too heavy when I arrive at the airport?",
    ],
    [
      "If a train is more than an hour late, passengers can claim half the ticket price back.",
      "What compensation do travellers get for long rail delays?",
    ],
    [
      "Dogs may travel on trams if they stay on a lead and do not occupy a seat.",
      "Can I bring my pet onto the light rail?",
    ],
    [
      "The ferry between Ness Point and Calder Bay does not run when the wind exceeds force six.",
      "Why might the boat across the estuary be cancelled?",
    ],
    [
      "Tickets bought on the app are valid for ninety minutes of unlimited transfers.",
      "How long can I keep changing lines on a single fare purchased on my phone?",
    ],
  ],
  firstaid: [
    [
      "For a minor burn, cool the skin under running water for at least twenty minutes and do not apply butter or ice.",
      "What is the right way to treat a scald at home?",
    ],
    [
      "Adults should receive chest compressions at a rate of 100 to 120 per minute, pressing down five to six centimetres.",
      "How fast and how deep should I push on someone's ribcage during resuscitation?",
    ],
    [
      "A nosebleed is stopped by leaning forward and pinching the soft part of the nose for ten minutes.",
      "Should I tilt my head back when blood runs from my nostrils?",
    ],
    [
      "Signs of heat exhaustion include heavy sweating, dizziness and nausea; move the person somewhere cool and give them water.",
      "What symptoms show someone is overcome by hot weather, and what should I do?",
    ],
    [
      "Sprained ankles benefit from rest, ice, compression and elevation during the first forty-eight hours.",
      "How do I care for a twisted joint in my foot for the first two days?",
    ],
    [
      "Adults need around seven to nine hours of sleep a night; regularly getting less raises the risk of heart disease.",
      "How much slumber do grown-ups require for good cardiovascular health?",
    ],
    [
      "Tetanus boosters are recommended every ten years, and after a deep or dirty wound if the last dose was over five years ago.",
      "How often should I get the lockjaw jab?",
    ],
    [
      "Children with a fever can be given paracetamol, but aspirin should be avoided under sixteen because of Reye's syndrome.",
      "Which pain reliever must young people not take when running a high temperature?",
    ],
    [
      "Bee stings should be scraped out sideways with a card rather than squeezed with tweezers.",
      "How do I remove the barb an insect left in my skin?",
    ],
    [
      "Anyone choking who cannot cough should receive up to five sharp back blows between the shoulder blades.",
      "What do I do if food is stuck in someone's throat and they can't breathe?",
    ],
  ],
  astronomy: [
    [
      "Mars appears reddish because its surface dust is rich in iron oxide.",
      "Why does the fourth planet look rusty?",
    ],
    [
      "A total solar eclipse can last at most about seven and a half minutes at any one place.",
      "What is the longest the moon can completely hide the sun for an observer?",
    ],
    [
      "Light from the Sun takes about eight minutes and twenty seconds to reach Earth.",
      "How long does sunshine need to travel to our planet?",
    ],
    [
      "Saturn's rings are mostly water ice, with particles ranging from grains of dust to boulders several metres across.",
      "What are the bands circling the sixth planet made of?",
    ],
    [
      "The Perseid meteor shower peaks around 12 August, producing up to a hundred shooting stars an hour under dark skies.",
      "When is the best summer night to watch streaks flash across the heavens?",
    ],
    [
      "Jupiter's Great Red Spot is a storm larger than Earth that has been observed for over 150 years.",
      "How big and how old is the giant planet's famous crimson vortex?",
    ],
    [
      "A light-year is the distance light travels in one year, roughly 9.46 trillion kilometres.",
      "How many km does the unit for measuring gaps between stars represent?",
    ],
    [
      "The Moon always shows the same face to Earth because its rotation is tidally locked to its orbit.",
      "Why do we never see the far side of our natural satellite?",
    ],
    [
      "Venus is the hottest planet, with surface temperatures around 465 °C, because its thick carbon dioxide atmosphere traps heat.",
      "Why is the second world from the sun warmer than Mercury?",
    ],
    [
      "Polaris stays almost fixed in the night sky because it lies nearly in line with Earth's axis of rotation.",
      "Why doesn't the North Star seem to move as the hours pass?",
    ],
  ],
  history: [
    [
      "Larkfield's stone bridge was built in 1786 to replace a wooden crossing swept away by floods.",
      "When was the old river span constructed, and what came before it?",
    ],
    [
      "The town's woollen mill employed over four hundred workers at its peak in the 1850s before closing in 1921.",
      "How many people had jobs at the textile factory in its heyday?",
    ],
    [
      "A fire in 1642 destroyed most of the timber houses on Market Street, after which new buildings had to be made of brick.",
      "Why are the shops in the old trading lane made of clay blocks?",
    ],
    [
      "The railway reached Larkfield in 1847, cutting the coach journey to the capital from two days to five hours.",
      "When did trains arrive, and how much quicker did trips to the city become?",
    ],
    [
      "The parish church's clock tower was added in 1891, paid for by public subscription to mark the mill owner's jubilee.",
      "Who funded the timepiece on the chapel, and for what occasion?",
    ],
    [
      "Archaeologists found a Roman coin hoard of 1,200 silver pieces in a field near Larkfield in 1973.",
      "What ancient treasure was dug up in farmland close to the town?",
    ],
    [
      "During the Second World War the grammar school was used as a military hospital, and pupils were taught in the village hall.",
      "Where did children have lessons during the 1940s conflict?",
    ],
    [
      "The market charter granted by the king in 1314 allowed a weekly market every Wednesday.",
      "Since when has the midweek trading day existed, and who permitted it?",
    ],
    [
      "The great flood of 1953 left water two metres deep in the lower town for nearly a week.",
      "How high did the river rise in the disaster of the fifties?",
    ],
    [
      "The canal was abandoned in 1932 after the last coal barges stopped running, and restored as a leisure route in 1998.",
      "When did the waterway close to freight and reopen for boating?",
    ],
  ],
  pets: [
    [
      "Cats should be vaccinated against feline flu and enteritis at nine and twelve weeks, then boosted every year.",
      "When do kittens need their first jabs?",
    ],
    [
      "Chocolate is toxic to dogs because it contains theobromine, which they cannot break down quickly.",
      "Why is cocoa dangerous for my puppy?",
    ],
    [
      "Rabbits need constant access to hay; it should make up about eighty-five percent of their diet.",
      "What should bunnies mostly eat?",
    ],
    [
      "Goldfish tanks need a filter and a partial water change of a quarter each week.",
      "How much of the aquarium should be replaced every seven days?",
    ],
    [
      "Dogs' nails should be trimmed when they click on hard floors; cutting into the quick causes bleeding.",
      "How do I know my hound's claws are too long?",
    ],
    [
      "Parrots can live for over fifty years, so owners should plan for their care in a will.",
      "How long do large talking birds survive?",
    ],
    [
      "Guinea pigs cannot make their own vitamin C and need fresh peppers or a supplement daily.",
      "Which nutrient must cavies get from food every day?",
    ],
    [
      "Flea treatments for dogs can be fatal to cats if they contain permethrin.",
      "Can I use my canine's parasite product on my feline?",
    ],
    [
      "Puppies should not go on long walks until around twelve months, as their growth plates are still closing.",
      "How much exercise should a young hound have?",
    ],
    [
      "Tortoises hibernate for eight to twelve weeks at a steady temperature of about 5 °C, often in a fridge.",
      "How do reptile keepers manage the winter sleep of shelled companions?",
    ],
  ],
  money: [
    [
      "An emergency fund should cover three to six months of essential spending and be kept in an easy-access savings account.",
      "How much cash should I set aside for unexpected problems?",
    ],
    [
      "Paying only the minimum on a credit card means a balance of 3,000 pounds can take more than twenty years to clear.",
      "What happens if I just make the smallest repayment on my plastic every month?",
    ],
    [
      "Index funds track a whole market and usually charge fees below 0.2 percent a year.",
      "Why do passive investment products cost so little?",
    ],
    [
      "Mortgage overpayments of up to ten percent of the balance each year are usually allowed without penalty.",
      "Can I pay off my home loan faster without being charged?",
    ],
    [
      "The tax year runs from 6 April to 5 April, and self-assessment returns are due online by 31 January.",
      "When do I have to file my income declaration?",
    ],
    [
      "Compound interest means 1,000 pounds at five percent grows to about 1,629 after ten years.",
      "How much will a thousand saved at 5% be worth in a decade?",
    ],
    [
      "Checking your credit file is free and does not affect your score.",
      "Will looking at my borrowing history lower my rating?",
    ],
    [
      "A budget rule of thumb splits take-home pay into fifty percent needs, thirty percent wants and twenty percent savings.",
      "What's a simple way to divide my monthly earnings?",
    ],
    [
      "Premium bonds pay no interest; instead each bond is entered into a monthly prize draw.",
      "How do lottery-style government savings reward holders?",
    ],
    [
      "Inflation at four percent halves the buying power of cash in roughly eighteen years.",
      "How quickly do rising prices eat away at money left under the mattress?",
    ],
  ],
  cycling: [
    [
      "Road bike tyres are usually inflated to 80–100 psi, while mountain bike tyres run at 25–35 psi.",
      "How hard should I pump the wheels on a racing cycle compared with an off-road one?",
    ],
    [
      "A chain should be replaced once it has stretched by 0.5 percent, measured with a wear gauge.",
      "How can I tell the links that drive the rear wheel are worn out?",
    ],
    [
      "Disc brake pads need replacing when less than one and a half millimetres of friction material remains.",
      "When are the stopping blocks on rotor-equipped cycles too thin?",
    ],
    [
      "Lubricate the chain after riding in rain, wiping off excess oil so it doesn't attract grit.",
      "What should I do to the drivetrain after a soggy outing?",
    ],
    [
      "Saddle height is right when your leg is almost straight with the heel on the pedal at the bottom of the stroke.",
      "How high should the seat be set?",
    ],
    [
      "Tubeless tyres are sealed with liquid latex that plugs small punctures as you ride.",
      "How do inner-tube-free wheels fix little holes by themselves?",
    ],
    [
      "Headset bearings are checked by holding the front brake and rocking the bike forward and back for any knock.",
      "How do I test for play in the steering?",
    ],
    [
      "Carbon frames should be tightened with a torque wrench, typically at 5 newton metres for the seatpost clamp.",
      "How firmly should fasteners be done up on a fibre-composite bicycle?",
    ],
    [
      "Gears that skip under load usually need the rear derailleur cable tension adjusted by a quarter turn of the barrel.",
      "What fixes jumping shifts when I push hard on the pedals?",
    ],
    [
      "Wheels are trued on a stand by tightening and loosening spokes a little at a time until the rim runs straight.",
      "How do I fix a wobbly hoop?",
    ],
  ],
  library: [
    [
      "The central library extends its opening hours to 22:00 during the exam weeks in May and December.",
      "When can students study late at the public reading rooms before tests?",
    ],
    [
      "Borrowers may take out up to twelve books at once for three weeks, with two renewals online.",
      "How many titles can I check out, and for how long?",
    ],
    [
      "Overdue fines were abolished in 2019, but lost items are charged at their replacement cost.",
      "Do I still pay a penalty for returning things late?",
    ],
    [
      "The school day starts at 8:40 and gates close at 8:50; pupils arriving later sign in at reception.",
      "What happens if a child turns up after the bell?",
    ],
    [
      "Year 11 pupils sit mock exams in the second week of January.",
      "When do sixteen-year-olds take their practice tests?",
    ],
    [
      "Free school meals are available to families receiving universal credit with household earnings under 7,400 pounds.",
      "Who qualifies for lunch at no cost for their kids?",
    ],
    [
      "The library's study pods can be reserved for two hours at a time through the online catalogue.",
      "How long can I book a quiet room for?",
    ],
    [
      "Term-time holidays are not authorised, and unexplained absence of ten sessions can lead to a penalty notice for parents.",
      "Will we be fined for taking the kids away during the semester?",
    ],
    [
      "Interlibrary loans take about ten days and cost three pounds per request.",
      "How long does it take, and how much, to get a volume sent over from another branch?",
    ],
    [
      "The reading challenge asks children to finish six books over the summer holidays for a medal.",
      "What do youngsters win for getting through half a dozen stories in the break?",
    ],
  ],
  club: [
    [
      "Members must book tennis courts at least a day ahead, and each booking is limited to ninety minutes.",
      "How far in advance, and for how long, can I reserve a place to play racquet games?",
    ],
    [
      "Annual membership costs 240 pounds, or 120 for students and those over sixty-five.",
      "What is the yearly fee, and are there discounts for pensioners?",
    ],
    [
      "The changing rooms are closed for refurbishment throughout March; showers in the sports hall remain open.",
      "Where can I wash after exercise while the locker area is being redone?",
    ],
    [
      "Football matches on the lower pitch are cancelled when the groundsman finds standing water on the surface.",
      "Why might a soccer game on the bottom field be called off?",
    ],
    [
      "Juniors under fourteen must be collected by an adult after evening training.",
      "Can young players walk home alone after night practice?",
    ],
    [
      "The club's defibrillator is mounted by the bar entrance and checked every month.",
      "Where is the heart-restarting device kept?",
    ],
    [
      "Guests may play up to four times a year, paying a green fee of fifteen pounds each visit.",
      "How often can a friend who hasn't joined come on the course with me, and what's the charge?",
    ],
    [
      "Spikes are banned on the indoor track; only flat-soled trainers are allowed.",
      "What footwear can I wear running inside?",
    ],
    [
      "The annual general meeting takes place in October, and motions must reach the secretary four weeks before.",
      "When must proposals be sent in for the yearly assembly of everyone who belongs?",
    ],
    [
      "Swimming lanes are split into slow, medium and fast; overtaking is done on the left only at the wall.",
      "What's the etiquette for passing others in the pool?",
    ],
  ],
  music: [
    [
      "Guitar strings should be changed every three months for regular players, or sooner if they sound dull.",
      "How often do I need fresh wires on my six-string?",
    ],
    [
      "A piano should be tuned twice a year, ideally after the heating goes on and again in spring.",
      "How many times annually should a keyboard with hammers be adjusted?",
    ],
    [
      "Violin bows are rehaired roughly once a year when the horsehair stops gripping the strings.",
      "When does the fiddle stick need new hair?",
    ],
    [
      "Humidity between forty and sixty percent keeps wooden instruments from cracking.",
      "What moisture level protects a timber-bodied cello from splitting?",
    ],
    [
      "Reeds for clarinet are rotated among four or five so each gets time to dry between sessions.",
      "Why do woodwind players keep several mouthpiece cane slips in use?",
    ],
    [
      "Drum heads are tightened in a star pattern, half a turn at a time, so the tension stays even.",
      "In what order should I adjust the lugs on a snare skin?",
    ],
    [
      "Brass instruments should have their valves oiled weekly and be bathed in warm soapy water every few months.",
      "How do I look after my trumpet?",
    ],
    [
      "Beginners practising fifteen minutes daily progress faster than those playing two hours once a week.",
      "Is it better for a novice to rehearse a little often or a lot rarely?",
    ],
    [
      "Concert pitch sets the A above middle C at 440 hertz, though some orchestras tune to 442.",
      "What frequency do ensembles use as their reference note?",
    ],
    [
      "Ukuleles are usually tuned G-C-E-A, with the G string higher than the C in the standard re-entrant setup.",
      "What notes are the four lines of the small Hawaiian guitar set to?",
    ],
  ],
  weather: [
    [
      "Fog forms on clear, calm nights when the ground cools the air above it to its dew point.",
      "Why is there mist in the valley after a still, starry evening?",
    ],
    [
      "Hailstones grow inside thunderclouds as updrafts carry them repeatedly through layers of supercooled water.",
      "How do lumps of ice get so big during storms?",
    ],
    [
      "The weather service issues an amber warning when there is an increased likelihood of severe impacts such as flooding or travel disruption.",
      "What does the orange alert from the forecasters mean?",
    ],
    [
      "Sea breezes blow inland on sunny afternoons because land warms faster than water.",
      "Why does wind come off the ocean during hot days at the beach?",
    ],
    [
      "A rainbow appears opposite the sun when sunlight is refracted and reflected inside raindrops.",
      "Where should I look for the coloured arc after a shower?",
    ],
    [
      "Wind chill makes minus five feel like minus twelve in a 30 km/h wind.",
      "How much colder does a breeze make freezing air seem?",
    ],
    [
      "Snow is most likely when the temperature is between zero and two degrees and the air is dry enough for flakes not to melt.",
      "What conditions bring white flurries rather than sleet?",
    ],
    [
      "Lightning strikes the Earth about forty-four times every second worldwide.",
      "How often do bolts from thunderstorms hit the ground across the globe?",
    ],
    [
      "The average global temperature has risen about 1.2 °C since pre-industrial times.",
      "How much has the planet warmed since factories began?",
    ],
    [
      "Hurricanes need ocean surface water of at least 26.5 °C to form and strengthen.",
      "How warm must the sea be for tropical cyclones to develop?",
    ],
  ],
  diy: [
    [
      "A dripping tap usually needs a new washer or ceramic cartridge; turn off the isolation valve under the sink first.",
      "How do I fix a leaky faucet?",
    ],
    [
      "Bleed radiators when they are cold at the top, using a radiator key, until water rather than air comes out.",
      "Why are my heaters warm only at the bottom, and what should I do?",
    ],
    [
      "Fill small holes in plaster with filler, let it dry for two hours, then sand flush before painting.",
      "How do I repair little gaps in the wall before decorating?",
    ],
    [
      "Silicone sealant around a bath needs twenty-four hours to cure before the tub is used.",
      "How soon can I take a soak after redoing the caulk?",
    ],
    [
      "A tripped circuit breaker is reset by finding the switch in the off position on the consumer unit and pushing it back up.",
      "The power went out in half the house: how do I get it back?",
    ],
    [
      "Use wall plugs sized to the screw, and a cable detector before drilling, to avoid hitting pipes or wires.",
      "What should I check before making holes to hang shelves?",
    ],
    [
      "Condensation on windows is reduced by opening trickle vents and running the extractor fan while showering.",
      "How do I stop water beading on the glass every morning?",
    ],
    [
      "Squeaky floorboards are silenced by screwing them down into the joist beneath.",
      "How do I stop creaking planks underfoot?",
    ],
    [
      "Gloss paint needs sixteen hours between coats, whereas water-based satin can be recoated after four.",
      "How long should I wait before the second layer on woodwork?",
    ],
    [
      "A toilet that keeps running usually has a worn flapper or a float set too high in the cistern.",
      "Why does my loo keep refilling non-stop?",
    ],
  ],
  photo: [
    [
      "A wider aperture such as f/1.8 gives a shallow depth of field that blurs the background behind a portrait.",
      "How do I make the scene behind a person look soft?",
    ],
    [
      "The rule of thirds places the subject where imaginary lines divide the frame into nine equal parts.",
      "Where should I put the main point of interest in a composition?",
    ],
    [
      "To freeze a running athlete, use a shutter speed of at least 1/1000 of a second.",
      "How quick must the exposure be to stop the motion of a sprinter?",
    ],
    [
      "Golden hour, just after sunrise and before sunset, gives warm, soft light with long shadows.",
      "When is the best time of day for flattering outdoor shots?",
    ],
    [
      "Raw files keep all the sensor's data, allowing white balance to be changed afterwards without loss.",
      "Why shoot in the unprocessed format instead of JPEG?",
    ],
    [
      "Use a tripod and the two-second timer for long exposures so pressing the button does not shake the camera.",
      "How do I avoid blur in night photos?",
    ],
    [
      "Higher ISO settings brighten the image but add grainy noise, especially on small sensors.",
      "What's the downside of raising light sensitivity on a phone?",
    ],
    [
      "Lens caps and a UV filter protect the front element, while a blower removes dust without scratching.",
      "How should I clean the glass on my optics safely?",
    ],
    [
      "Backing up photographs to two separate drives and one off-site copy prevents losing them to a single failure.",
      "What's a safe way to keep my pictures from disappearing?",
    ],
    [
      "A polarising filter deepens blue skies and removes reflections from water and glass.",
      "How do I cut glare off a lake and make the heavens look richer?",
    ],
  ],
  farm: [
    [
      "A healthy hive in summer can hold fifty thousand bees, but only one queen.",
      "How many insects live in a colony at its strongest?",
    ],
    [
      "Beekeepers leave about twenty kilograms of honey in the hive so the colony survives winter.",
      "How much of the sweet harvest should be left for the swarm's cold months?",
    ],
    [
      "Varroa mites are treated in late summer with oxalic or formic acid after the honey has been taken off.",
      "When, and with what, do you deal with parasites on the colony?",
    ],
    [
      "Dairy cows produce on average around twenty-eight litres of milk a day.",
      "How much does one cattle beast yield daily?",
    ],
    [
      "Crop rotation on a four-year cycle of wheat, beans, barley and roots keeps pests and soil diseases down.",
      "Why do farmers change what they plant in each field every season?",
    ],
    [
      "Sheep are sheared once a year in early summer, before the heat and flies make a heavy fleece dangerous.",
      "When do ewes get their wool clipped?",
    ],
    [
      "Hens lay best with fourteen to sixteen hours of light, which is why egg numbers drop in winter.",
      "Why do my chickens produce less in the dark months?",
    ],
    [
      "Hay must be baled below twenty percent moisture or it can heat up and catch fire in the barn.",
      "Why can damp dried grass burst into flames in storage?",
    ],
    [
      "A swarm is a colony splitting in two; the old queen leaves with about half the workers to find a new home.",
      "What's going on when a buzzing cloud suddenly departs its box?",
    ],
    [
      "Lambing usually begins in March on lowland farms, timed so grass is growing when the ewes need most food.",
      "When are young sheep born in the valley holdings, and why then?",
    ],
  ],
};
