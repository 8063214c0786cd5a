/**
 * The seeded demo case studies' facts (issue #32, decision 063): year, duration, stack,
 * key figures, credits and a gallery of the stills in public/media/gallery (made by
 * scripts/make-gallery.mjs). A later seed set writes them into the seeded rows; staff edit
 * them at /admin/work.
 */
type Facts = {
  year: number;
  duration: string;
  stack: string[];
  figures: Array<{ value: string; label: string }>;
  credits: Array<{ role: string; name: string }>;
  /** What each of the four stills shows, in order (their alt text). */
  stills: [string, string, string, string];
};

const studio = (...roles: string[]) => roles.map((role) => ({ role, name: "Fjord & Form" }));

const facts: Record<string, Facts> = {
  dashboard: {
    year: 2025,
    duration: "4 months",
    stack: ["React", "PostgreSQL", "Python", "Grafana"],
    figures: [
      { value: "2 h → 5 min", label: "to prepare the morning report" },
      { value: "4", label: "systems replaced by one view" },
      { value: "100 %", label: "on the cooperative’s own server" },
    ],
    credits: [...studio("Design", "Development"), { role: "Grid data", name: "The cooperative’s operations team" }],
    stills: [
      "The dashboard’s price chart beside its list of meters.",
      "Cards for each substation, one highlighted in coral.",
      "The wall-screen layout with a large headline figure.",
      "The maintenance view with a chart of open tickets.",
    ],
  },
  app: {
    year: 2024,
    duration: "6 months",
    stack: ["React Native", "TypeScript", "PostgreSQL"],
    figures: [
      { value: "−35 %", label: "time spent on paperwork per visit" },
      { value: "1,200", label: "visits logged each week" },
      { value: "4.8 / 5", label: "rating from the care workers" },
    ],
    credits: [...studio("Service design", "App development"), { role: "Care expertise", name: "The provider’s nurses" }],
    stills: [
      "The visit list on a phone, next to the day’s summary.",
      "Cards for each client visit in the planner.",
      "The visit log with a chart of the week.",
      "The medication checklist on a phone.",
    ],
  },
  website: {
    year: 2024,
    duration: "10 weeks",
    stack: ["React Router", "Hono", "PostgreSQL"],
    figures: [
      { value: "+60 %", label: "project enquiries in the first quarter" },
      { value: "0.8 s", label: "largest paint on a phone" },
    ],
    credits: [...studio("Art direction", "Design", "Development"), { role: "Photography", name: "The practice’s own archive" }],
    stills: [
      "The practice’s home page with a large project image.",
      "A grid of project cards, one in coral.",
      "A project page on a phone beside its headline.",
      "The archive with a timeline of projects.",
    ],
  },
  game: {
    year: 2023,
    duration: "5 months",
    stack: ["Godot", "Blender", "Local AI"],
    figures: [
      { value: "18 min", label: "average play per visitor" },
      { value: "40,000", label: "players in the first season" },
      { value: "0", label: "internet needed on the museum floor" },
    ],
    credits: [...studio("Game design", "Development"), { role: "Science", name: "The museum’s educators" }],
    stills: [
      "The game’s level map with a chart of tides.",
      "Cards of the creatures players collect.",
      "The touch-screen start page beside a phone.",
      "The educators’ view of how far players got.",
    ],
  },
  "landing-page": {
    year: 2025,
    duration: "3 weeks",
    stack: ["Astro", "Stripe", "Plausible"],
    figures: [
      { value: "4.1 %", label: "visitors who pre-ordered" },
      { value: "3 weeks", label: "from first sketch to launch" },
    ],
    credits: [...studio("Copy", "Design", "Development")],
    stills: [
      "The landing page’s headline and order button.",
      "Cards for the three subscription boxes.",
      "The checkout on a phone.",
      "A chart of pre-orders in the launch week.",
    ],
  },
  demo: {
    year: 2024,
    duration: "6 weeks",
    stack: ["React", "Node.js", "Playwright"],
    figures: [
      { value: "2×", label: "demos booked after a self-guided tour" },
      { value: "−50 %", label: "time sales spend on first calls" },
    ],
    credits: [...studio("Product storytelling", "Development"), { role: "Product", name: "The client’s product team" }],
    stills: [
      "The guided tour’s first step beside a chart.",
      "Cards for each feature in the tour.",
      "The tour on a phone beside its headline.",
      "The analytics view of where visitors stop.",
    ],
  },
  webapp: {
    year: 2023,
    duration: "8 months",
    stack: ["React", "PostgreSQL", "PostGIS", "Go"],
    figures: [
      { value: "−22 %", label: "empty kilometres driven" },
      { value: "350", label: "deliveries planned each morning" },
      { value: "99.9 %", label: "uptime in the first year" },
    ],
    credits: [...studio("Design", "Development", "Operations"), { role: "Routing know-how", name: "The dispatchers" }],
    stills: [
      "The route planner’s map and delivery list.",
      "Cards for each truck and its load.",
      "The driver’s view on a phone.",
      "A chart of kilometres driven per week.",
    ],
  },
  automation: {
    year: 2025,
    duration: "3 months",
    stack: ["Python", "Local LLM", "PostgreSQL"],
    figures: [
      { value: "90 %", label: "of invoices booked without a person" },
      { value: "1 day", label: "a week back for client work" },
      { value: "0", label: "documents sent outside the office" },
    ],
    credits: [...studio("Process mapping", "AI development"), { role: "Accounting rules", name: "The firm’s partners" }],
    stills: [
      "The review queue with the reason each invoice was flagged.",
      "Cards for each client and their booking codes.",
      "An invoice being checked on a phone.",
      "A chart of invoices handled per day.",
    ],
  },
  production: {
    year: 2024,
    duration: "7 weeks",
    stack: ["Shopify", "Figma", "Cloudinary"],
    figures: [
      { value: "+28 %", label: "conversion on product pages" },
      { value: "12", label: "product films in one shoot" },
    ],
    credits: [...studio("Creative direction", "Production", "Design")],
    stills: [
      "A product page with its film and size chart.",
      "Cards for each jacket in the collection.",
      "The product film on a phone.",
      "A chart of sales after the launch.",
    ],
  },
};

/** The facts as columns, by slug (the stills as gallery images under the media base URL). */
export const showcaseCaseFacts = Object.fromEntries(
  Object.entries(facts).map(([slug, { stills, ...rest }]) => [
    slug,
    { ...rest, gallery: stills.map((alt, index) => ({ src: `gallery/${slug}-${index + 1}.webp`, alt })) },
  ]),
);
