import type { Service } from "./services";

/**
 * The nine showcase items seeded into portfolio_items, with the files in public/media/video.
 * Staff edit them at /admin/work; these are demo case studies of a demo studio, written so a
 * fresh site shows complete pages.
 */
const seedItems = [
  { slug: "dashboard", title: "Dashboard" },
  { slug: "app", title: "App" },
  { slug: "website", title: "Website" },
  { slug: "game", title: "Game" },
  { slug: "landing-page", title: "Landing Page" },
  { slug: "demo", title: "Demo" },
  { slug: "webapp", title: "Webapp" },
  { slug: "automation", title: "Automation" },
  { slug: "production", title: "Production" },
];

/** The rows the first seed set inserts: titles, order and the files of public/media. */
export const showcaseSeed = seedItems.map((item, index) => {
  const media = `video/showcase-${item.slug}`;
  return {
    ...item,
    videoMp4: `${media}.mp4`,
    videoWebm: `${media}.webm`,
    poster: `${media}.webp`,
    posterJpeg: `${media}.jpg`,
    sortOrder: index,
  };
});

type CaseStudy = {
  client: string;
  services: Service["slug"][];
  result: string;
  summary: string;
  challenge: string;
  approach: string;
  outcome: string;
  posterAlt: string;
  featured?: boolean;
};

/** The demo case studies, by slug (a later seed set writes them into the seeded rows). */
export const showcaseCaseStudies: Record<string, CaseStudy> = {
  dashboard: {
    client: "A Norwegian energy cooperative",
    services: ["development", "design"],
    result: "Morning reports went from two hours of spreadsheets to one glance.",
    summary:
      "An operations dashboard that gathers meter readings, grid prices and maintenance tickets into one live view for a small team of engineers.",
    challenge:
      "The operations team pieced together each morning’s picture from four systems and a shared spreadsheet. Numbers disagreed, and nobody trusted the totals.",
    approach:
      "We mapped which figures the team actually acted on, then built one data pipeline and a dashboard around those few numbers. Every chart links back to its source, so a surprising value can be checked in seconds.\nThe dashboard runs on the cooperative’s own server and is designed to be read on a wall screen as well as a laptop.",
    outcome:
      "The morning meeting now starts from the dashboard. Discrepancies surface the day they happen instead of at the end of the month.",
    posterAlt: "A dark dashboard with a line chart of grid prices and a column of maintenance alerts.",
    featured: true,
  },
  app: {
    client: "A regional home-care provider",
    services: ["development", "design"],
    result: "Nurses log a visit in under a minute, even without a signal.",
    summary:
      "A mobile app for home-care nurses to see the day’s visits, record care notes and hand over between shifts, built to work offline on the road.",
    challenge:
      "Visit notes were written on paper in the car and typed in at the end of the day. Handovers were late, and details got lost between shifts.",
    approach:
      "We rode along on three shifts before drawing a screen. The app keeps the day’s route and notes on the phone and syncs when the signal returns, with large touch targets for use in gloves.",
    outcome:
      "Notes are written at the visit and reach the next shift at once. The evening typing session is gone.",
    posterAlt: "A phone showing a list of today’s home visits with times and addresses.",
    featured: true,
  },
  website: {
    client: "An independent architecture practice",
    services: ["design", "development"],
    result: "Twice the enquiries in the first quarter after launch.",
    summary:
      "A fast, image-led website for an architecture practice that lets the buildings speak, with a simple way for the team to add new projects.",
    challenge:
      "The old site buried the practice’s best work behind slow galleries, and adding a project meant calling an agency.",
    approach:
      "We designed around full-width photography and short project stories, and built a publishing flow the architects use themselves. Images are resized on upload so pages stay quick on a phone.",
    outcome:
      "The team now publishes a project the week it is photographed, and the site loads in about a second on mobile.",
    posterAlt: "A website with a large photo of a timber house by a fjord and a short project title.",
    featured: true,
  },
  game: {
    client: "A science museum in Western Norway",
    services: ["design", "development"],
    result: "The most played exhibit in the museum’s new hall.",
    summary:
      "A touch-screen game that teaches how tides and currents shape the coast, made for children and their grown-ups to play side by side.",
    challenge:
      "The museum wanted an exhibit that explained ocean currents without a wall of text, and that held up to thousands of small hands a week.",
    approach:
      "We prototyped with paper and school classes, then built a simple physics game where players steer a boat through changing tides. Rounds last two minutes, so the queue keeps moving.",
    outcome:
      "Visitors stay longer in the hall, and the museum’s educators use the game in their school programme.",
    posterAlt: "A colourful game screen with a small boat crossing swirling blue currents.",
  },
  "landing-page": {
    client: "A fjord-side food start-up",
    services: ["design", "production"],
    result: "A waiting list of 3,000 before the first product shipped.",
    summary:
      "A launch page with short product films for a start-up making seaweed snacks, built to collect sign-ups before the first batch was ready.",
    challenge:
      "The founders had a product, a name and six weeks until launch, but no photos, no site and no audience yet.",
    approach:
      "We filmed the harvest in one day, cut three short loops, and designed a single page around them with one clear call to sign up.",
    outcome:
      "The page gathered a waiting list large enough to sell out the first production run.",
    posterAlt: "A landing page with a looping film of seaweed harvest at dawn and a sign-up button.",
  },
  demo: {
    client: "A B2B software company",
    services: ["production", "design"],
    result: "Sales calls got shorter; the demo does the explaining.",
    summary:
      "A two-minute product demo film that shows a complex planning tool doing real work, for the sales team and the website.",
    challenge:
      "Every sales call began with twenty minutes of screen sharing, and prospects still left unsure what the product did.",
    approach:
      "We wrote the demo around one customer’s real week, recorded the product in clean takes and added motion graphics only where the interface could not speak for itself.",
    outcome:
      "Prospects arrive at the first call having seen the product, and the sales team spends that time on their questions.",
    posterAlt: "A product demo frame showing a planning calendar with highlighted tasks.",
  },
  webapp: {
    client: "A logistics firm in Trøndelag",
    services: ["development", "custom-ai"],
    result: "Route planning time cut by two thirds.",
    summary:
      "A web app for dispatchers that suggests daily delivery routes from orders and vehicle capacity, with a local model that learns the drivers’ preferences.",
    challenge:
      "Two dispatchers planned forty routes by hand every afternoon, and the plan rarely survived the first phone call from a driver.",
    approach:
      "We built a planning screen that proposes routes and lets dispatchers drag stops between vans. A small model trained on past edits learns which suggestions they keep, and it runs on the firm’s own server.",
    outcome:
      "Planning now takes a coffee break instead of an afternoon, and drivers see fewer last-minute changes.",
    posterAlt: "A web app with a map of delivery routes and a list of vans on the right.",
  },
  automation: {
    client: "An accounting firm in Bergen",
    services: ["ai-automations", "custom-ai"],
    result: "Four hundred invoices a week sorted without anyone typing.",
    summary:
      "An automation that reads incoming invoices, matches them to clients and booking codes, and leaves only the unusual ones for a person to check.",
    challenge:
      "Junior accountants spent most of Monday keying supplier invoices into the ledger, and errors were found weeks later.",
    approach:
      "We trained a small document model on the firm’s own invoices and connected it to their accounting system. Every suggestion shows its confidence, and anything below the line goes to a review queue.",
    outcome:
      "Mondays are for client work again. The review queue holds a handful of invoices a day, each with the reason it was flagged.",
    posterAlt: "A screen showing invoices sorted into matched and needs-review columns.",
  },
  production: {
    client: "A sustainable outdoor clothing brand",
    services: ["production"],
    result: "One shoot, forty pieces of content for a whole season.",
    summary:
      "A seasonal content shoot in the mountains: short films, loops and stills for the website, social channels and shop screens.",
    challenge:
      "The brand needed fresh material for every channel each season, and separate shoots for each were eating the budget.",
    approach:
      "We planned one three-day shoot with a shot list for every format, filmed in changing weather on purpose, and delivered cut-downs sized for each channel.",
    outcome:
      "The season launched with all its content ready on day one, at about half the cost of the year before.",
    posterAlt: "A hiker in a red jacket on a misty mountain ridge.",
  },
};
