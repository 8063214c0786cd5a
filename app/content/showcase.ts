/** The nine showcase items seeded into portfolio_items (staff can manage them later). */
export const showcaseSeed = [
  { slug: "dashboard", title: "Dashboard" },
  { slug: "app", title: "App" },
  { slug: "website", title: "Website" },
  { slug: "game", title: "Game" },
  { slug: "landing-page", title: "Landing Page" },
  { slug: "demo", title: "Demo" },
  { slug: "webapp", title: "Webapp" },
  { slug: "automation", title: "Automation" },
  { slug: "production", title: "Production" },
].map((item, index) => ({ ...item, media: `video/showcase-${item.slug}`, sortOrder: index }));
