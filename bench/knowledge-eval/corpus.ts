// The knowledge evaluation set: a seeded generator that writes a corpus of documents on twenty
// topics around the hand-written facts of facts.ts, and labels two sets of questions with the
// document and passage that answer them. Every run makes the same set. The paraphrase questions are
// the hand-written ones; the keyword questions are what a person types into a search box: the
// three rarest words of the answer passage. Distractors share each topic's vocabulary, so a
// document is not found by its topic's words alone.
import { FACTS, type TopicId } from "./facts";

export interface EvalDocument {
  id: string;
  topic: TopicId;
  title: string;
  /** Paragraphs separated by blank lines. */
  content: string;
}

export interface EvalQuestion {
  id: string;
  question: string;
  /** The document that answers it. */
  documentId: string;
  /** The paragraph of that document that answers it, verbatim. */
  passage: string;
}

export interface EvalSet {
  documents: EvalDocument[];
  paraphrase: EvalQuestion[];
  keyword: EvalQuestion[];
}

/** What each topic's generated paragraphs talk about: shared by the fact documents and distractors. */
interface TopicWords {
  label: string;
  nouns: string[];
  roles: string[];
  places: string[];
}

const TOPICS: Record<TopicId, TopicWords> = {
  council: {
    label: "Larkfield council services",
    nouns: [
      "bin collection",
      "parking permit",
      "street light",
      "planning notice",
      "recycling centre",
      "allotment",
      "council tax",
      "swimming pool",
      "park",
      "marriage room",
    ],
    roles: ["council officer", "resident", "ward councillor", "contractor", "planning clerk"],
    places: ["town hall", "Quarry Road depot", "civic centre", "north ward", "market square"],
  },
  cooking: {
    label: "Kitchen notes",
    nouns: ["dough", "stock", "oven", "sauce", "flour", "butter", "roast", "vinegar", "egg", "rice"],
    roles: ["cook", "baker", "chef", "home cook", "pastry cook"],
    places: ["kitchen", "larder", "bakery", "test kitchen", "market stall"],
  },
  appliances: {
    label: "Appliance manual",
    nouns: [
      "dishwasher",
      "boiler",
      "filter",
      "washing machine",
      "fridge",
      "door seal",
      "drum",
      "oven",
      "pressure switch",
      "control panel",
    ],
    roles: ["engineer", "owner", "service agent", "installer", "technician"],
    places: ["utility room", "service centre", "kitchen", "warranty office", "spare parts shop"],
  },
  garden: {
    label: "Garden diary",
    nouns: ["soil", "seedling", "lawn", "compost", "rose", "bed", "tomato", "frost", "hedge", "pot"],
    roles: ["gardener", "allotment holder", "grower", "nursery owner", "volunteer"],
    places: ["greenhouse", "potting shed", "vegetable patch", "border", "orchard"],
  },
  hr: {
    label: "Norwend staff handbook",
    nouns: [
      "annual leave",
      "expense claim",
      "salary",
      "pension",
      "probation",
      "manager approval",
      "payroll",
      "contract",
      "training budget",
      "timesheet",
    ],
    roles: ["employee", "line manager", "people team", "payroll officer", "new starter"],
    places: ["head office", "intranet", "people portal", "regional office", "finance team"],
  },
  ops: {
    label: "Operations runbook",
    nouns: [
      "database",
      "deploy",
      "certificate",
      "backup",
      "alert",
      "replica",
      "log cluster",
      "node",
      "API key",
      "incident",
    ],
    roles: ["on-call engineer", "incident commander", "release manager", "platform team", "service owner"],
    places: ["staging environment", "production cluster", "status page", "secrets store", "dashboard"],
  },
  transit: {
    label: "Travel information",
    nouns: [
      "ferry",
      "ticket",
      "bus",
      "train",
      "fare",
      "timetable",
      "tram",
      "luggage",
      "season ticket",
      "platform",
    ],
    roles: ["passenger", "conductor", "driver", "ticket office clerk", "traveller"],
    places: ["Harrowby pier", "central station", "bus depot", "Calder Bay", "interchange"],
  },
  firstaid: {
    label: "First aid guide",
    nouns: [
      "burn",
      "bandage",
      "wound",
      "dose",
      "fever",
      "compression",
      "pulse",
      "ice pack",
      "plaster",
      "casualty",
    ],
    roles: ["first aider", "nurse", "doctor", "paramedic", "pharmacist"],
    places: ["clinic", "pharmacy", "first aid kit", "surgery", "emergency department"],
  },
  astronomy: {
    label: "Sky notes",
    nouns: [
      "planet",
      "telescope",
      "moon",
      "orbit",
      "star",
      "eclipse",
      "meteor",
      "atmosphere",
      "ring",
      "comet",
    ],
    roles: ["astronomer", "observer", "stargazer", "club member", "researcher"],
    places: ["observatory", "dark-sky site", "planetarium", "rooftop", "field"],
  },
  history: {
    label: "Larkfield history",
    nouns: ["mill", "bridge", "church", "charter", "canal", "market", "flood", "school", "railway", "manor"],
    roles: ["historian", "archivist", "parish clerk", "mill owner", "local society"],
    places: ["county archive", "museum", "lower town", "Market Street", "parish hall"],
  },
  pets: {
    label: "Pet care",
    nouns: ["dog", "cat", "rabbit", "vaccination", "diet", "lead", "tank", "hay", "treat", "litter tray"],
    roles: ["vet", "owner", "breeder", "groomer", "rescue volunteer"],
    places: ["vet practice", "kennel", "pet shop", "rescue centre", "garden run"],
  },
  money: {
    label: "Personal finance",
    nouns: [
      "savings account",
      "credit card",
      "mortgage",
      "interest rate",
      "pension",
      "budget",
      "fund",
      "tax return",
      "loan",
      "statement",
    ],
    roles: ["adviser", "saver", "borrower", "lender", "accountant"],
    places: ["bank", "building society", "tax office", "online account", "branch"],
  },
  cycling: {
    label: "Bike workshop",
    nouns: ["chain", "tyre", "brake", "saddle", "wheel", "gear", "frame", "cable", "pedal", "bearing"],
    roles: ["mechanic", "rider", "commuter", "racer", "shop assistant"],
    places: ["workshop", "bike shop", "trail centre", "repair stand", "garage"],
  },
  library: {
    label: "Library and school",
    nouns: [
      "book",
      "loan",
      "exam",
      "catalogue",
      "study room",
      "reading list",
      "timetable",
      "term",
      "uniform",
      "homework",
    ],
    roles: ["librarian", "pupil", "teacher", "parent", "head teacher"],
    places: ["central library", "school office", "reading room", "branch library", "reception"],
  },
  club: {
    label: "Sports club",
    nouns: [
      "membership",
      "court",
      "pitch",
      "training session",
      "fixture",
      "locker",
      "kit",
      "booking",
      "lane",
      "trophy",
    ],
    roles: ["member", "coach", "secretary", "groundsman", "captain"],
    places: ["clubhouse", "sports hall", "lower pitch", "pool", "bar"],
  },
  music: {
    label: "Music room",
    nouns: ["guitar", "piano", "string", "bow", "reed", "tuning", "drum", "valve", "practice", "metronome"],
    roles: ["teacher", "player", "tuner", "conductor", "pupil"],
    places: ["music room", "rehearsal hall", "instrument shop", "concert hall", "studio"],
  },
  weather: {
    label: "Weather desk",
    nouns: [
      "temperature",
      "wind",
      "rain",
      "cloud",
      "forecast",
      "pressure",
      "storm",
      "humidity",
      "frost",
      "warning",
    ],
    roles: ["forecaster", "observer", "meteorologist", "pilot", "farmer"],
    places: ["weather station", "coast", "valley", "hill", "airfield"],
  },
  diy: {
    label: "Home repairs",
    nouns: [
      "tap",
      "radiator",
      "paint",
      "sealant",
      "drill",
      "wall plug",
      "floorboard",
      "fuse box",
      "pipe",
      "window",
    ],
    roles: ["plumber", "electrician", "decorator", "homeowner", "landlord"],
    places: ["bathroom", "hallway", "loft", "hardware shop", "cellar"],
  },
  photo: {
    label: "Photography notes",
    nouns: [
      "lens",
      "aperture",
      "shutter",
      "sensor",
      "tripod",
      "filter",
      "exposure",
      "flash",
      "memory card",
      "portrait",
    ],
    roles: ["photographer", "model", "editor", "student", "camera club member"],
    places: ["studio", "darkroom", "camera shop", "gallery", "location"],
  },
  farm: {
    label: "Farm and apiary",
    nouns: ["hive", "honey", "flock", "herd", "field", "barn", "feed", "crop", "fence", "tractor"],
    roles: ["farmer", "beekeeper", "shepherd", "contractor", "vet"],
    places: ["apiary", "lowland farm", "hill farm", "market", "feed store"],
  },
};

const WHEN = [
  "each spring",
  "every week",
  "at the end of the month",
  "twice a year",
  "after each use",
  "in the autumn",
  "before the holidays",
  "once a quarter",
  "on weekday mornings",
  "when the season changes",
];
const ADJ = [
  "regular",
  "careful",
  "simple",
  "written",
  "annual",
  "quick",
  "proper",
  "detailed",
  "shared",
  "routine",
];
const YEARS = ["2014", "2016", "2018", "2019", "2021", "2022", "2023", "2024"];

/** Sentence shapes filled with a topic's words; what makes the distractors share vocabulary. */
const SENTENCES: string[] = [
  "The {n} is usually looked at {when} by the {r}.",
  "Most {r}s agree that the {n} matters more than the {n2}.",
  "Questions about the {n} should go to the {r} at the {p}.",
  "In {y}, the {p} reviewed its guidance on the {n} and the {n2}.",
  "Keep a note of every {n} and {n2}, as the {r} may ask for it later.",
  "A common mistake is to forget the {n} when dealing with the {n2}.",
  "The {p} publishes a short guide to the {n} {when}.",
  "Some people check the {n} {when}; others only when the {n2} gives trouble.",
  "A {a} check of the {n} saves time for the {r} later on.",
  "The {r} at the {p} keeps spare copies of the guidance on the {n}.",
  "Nothing about the {n} has changed since the {y} review, apart from the wording.",
  "If in doubt about the {n2}, ask a {r} before changing anything.",
  "The {n} and the {n2} are often mentioned together, but they are handled separately.",
  "A {a} record of the {n} helps when the {r} visits the {p}.",
  "Feedback from the {r}s shaped the way the {p} now treats the {n}.",
  "There is a {a} checklist for the {n} pinned up at the {p}.",
];
const TITLES = [
  "{L}: the {n}",
  "{L}: {n} and {n2}",
  "Notes on the {n} ({y})",
  "{L}: a guide to the {n}",
  "The {n} at the {p}",
  "{L}: questions about the {n2}",
];

/** mulberry32: a small seeded generator, so every run writes the same set. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const EVAL_SIZES = { distractorsPerTopic: 16, keywordQuestions: 50 };

export function makeEvalSet(seed = 53): EvalSet {
  const rand = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const fill = (template: string, t: TopicWords) => {
    const n = pick(t.nouns);
    let n2 = pick(t.nouns);
    while (n2 === n) n2 = pick(t.nouns);
    const s = template
      .replaceAll("{L}", t.label)
      .replaceAll("{n2}", n2)
      .replaceAll("{n}", n)
      .replaceAll("{r}", pick(t.roles))
      .replaceAll("{p}", pick(t.places))
      .replaceAll("{when}", pick(WHEN))
      .replaceAll("{a}", pick(ADJ))
      .replaceAll("{y}", pick(YEARS));
    return s[0]!.toUpperCase() + s.slice(1);
  };
  const paragraph = (t: TopicWords) =>
    Array.from({ length: 3 + Math.floor(rand() * 3) }, () => fill(pick(SENTENCES), t)).join(" ");

  const documents: EvalDocument[] = [];
  const paraphrase: EvalQuestion[] = [];
  let docNo = 0;
  const nextId = () => `doc-${String(++docNo).padStart(4, "0")}`;
  for (const [topic, pairs] of Object.entries(FACTS) as [TopicId, (typeof FACTS)[TopicId]][]) {
    const t = TOPICS[topic];
    // One document per fact: the fact is one paragraph among two to four generated ones.
    for (const [passage, question] of pairs) {
      const id = nextId();
      const paragraphs = Array.from({ length: 2 + Math.floor(rand() * 3) }, () => paragraph(t));
      paragraphs.splice(Math.floor(rand() * (paragraphs.length + 1)), 0, passage);
      documents.push({ id, topic, title: fill(pick(TITLES), t), content: paragraphs.join("\n\n") });
      paraphrase.push({
        id: `p${String(paraphrase.length + 1).padStart(3, "0")}`,
        question,
        documentId: id,
        passage,
      });
    }
    // Distractors: the same topic's words, three to six paragraphs, no answer in them.
    for (let i = 0; i < EVAL_SIZES.distractorsPerTopic; i++) {
      const paragraphs = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => paragraph(t));
      documents.push({ id: nextId(), topic, title: fill(pick(TITLES), t), content: paragraphs.join("\n\n") });
    }
  }
  // Keyword questions: for every fourth fact, the three words of its passage found in the fewest
  // documents, as a person who remembers a distinctive term types it.
  const df = new Map<string, number>();
  for (const d of documents)
    for (const w of new Set(words(`${d.title} ${d.content}`))) df.set(w, (df.get(w) ?? 0) + 1);
  const keyword: EvalQuestion[] = [];
  const step = Math.floor(paraphrase.length / EVAL_SIZES.keywordQuestions);
  for (let i = 0; keyword.length < EVAL_SIZES.keywordQuestions; i += step) {
    const p = paraphrase[i]!;
    const terms = [...new Set(words(p.passage))]
      .filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w) && (w.length > 2 || /\d/.test(w)))
      .map((w, k) => ({ w, k, df: df.get(w) ?? 0 }))
      .sort((a, b) => a.df - b.df || a.k - b.k)
      .slice(0, 3)
      .sort((a, b) => a.k - b.k)
      .map((x) => x.w);
    keyword.push({
      id: `k${String(keyword.length + 1).padStart(3, "0")}`,
      question: terms.join(" "),
      documentId: p.documentId,
      passage: p.passage,
    });
  }
  return { documents, paraphrase, keyword };
}

/** English function words and question words: what "content word" leaves out. */
export const STOPWORDS = new Set(
  (
    "a about above after again against all almost also am an and any are aren't as at be because been before " +
    "being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't " +
    "down during each else every few for from further get gets got had hasn't has have haven't having he her " +
    "here hers herself him himself his how i if in into is isn't it it's its itself just let's me more most " +
    "much must my myself no nor not now of off often on once one only or other ought our ours ourselves out " +
    "over own same shall she should so some such than that that's the their theirs them themselves then " +
    "there these they this those through to too under until up upon us very was wasn't we were weren't what " +
    "what's when where which while who whom whose why will with won't would you your yours yourself " +
    "yourselves s t ll re ve d m may might many still there's instead rather"
  ).split(" "),
);

/** Lower-case word tokens (letters, digits, inner apostrophes), stop words kept. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).map((w) => w.replace(/'s$/, ""));
}

/**
 * A light suffix-stripping stemmer (plural, -ed, -ing, -ly, -er, -ies): enough that "collect" and
 * "collection" or "fines" and "fined" count as one word in the overlap statistic.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if ((w.endsWith("ies") || w.endsWith("ied")) && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) w = w.slice(0, -1);
  for (const suffix of ["ation", "ition", "ment", "ness", "ing", "ion", "ed", "ly", "er", "est", "al"])
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  // "stopp" → "stop", "fitt" → "fit"
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The non-stop-word stems of a text. */
export function contentStems(text: string): Set<string> {
  return new Set(
    words(text)
      .filter((w) => !STOPWORDS.has(w))
      .map(stem),
  );
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}

/** Content-word overlap of each question with its answer passage. */
export function overlapStats(questions: EvalQuestion[]) {
  const each = questions.map((q) => ({
    id: q.id,
    jaccard: jaccard(contentStems(q.question), contentStems(q.passage)),
    shared: [...contentStems(q.question)].filter((s) => contentStems(q.passage).has(s)),
  }));
  const values = each.map((e) => e.jaccard).sort((a, b) => a - b);
  return {
    mean: values.reduce((s, v) => s + v, 0) / Math.max(1, values.length),
    median: values[Math.floor(values.length / 2)] ?? 0,
    max: values.at(-1) ?? 0,
    zeroShare: values.filter((v) => v === 0).length / Math.max(1, values.length),
    each,
  };
}
