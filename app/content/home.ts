import type { PageSeo } from "./page-seo";
/**
 * The home page's words as first published: the seed of the "home" page in
 * app/lib/pages (docs/decisions/044). Staff change them at /admin/pages/home; this is
 * what a fresh install shows, and the shape every stored version has. Services come
 * from services.ts, the work from the showcase.
 */
export type HomeContent = {
  schemaVersion: 1;
  hero: {
    /** The small line at the top of the hero, opposite the pause button. */
    eyebrow: string;
    /** Follows the studio's name in the headline. */
    statement: string;
    tagline: string;
  };
  partnering: string;
  /** Think / Make / Move: three steps, as the accordion's layout has them. */
  process: [ProcessStep, ProcessStep, ProcessStep];
  closing: string;
  metaDescription: string;
  seo?: PageSeo;
};

export type ProcessStep = { title: string; description: string };

export const homeSeed: HomeContent = {
  schemaVersion: 1,
  hero: {
    eyebrow: "An independent studio in Oslo",
    statement: "builds private software, custom interfaces, and local AI systems.",
    tagline: "Made for you.",
  },
  partnering:
    "We partner with teams to launch new ideas, refine existing tools and deliver better digital experiences.",
  process: [
    {
      title: "Think",
      description:
        "We start by understanding your business, your users and what really needs building, before a line of code is written.",
    },
    {
      title: "Make",
      description: "We design, develop and assemble the solution in short, visible steps you can try as it grows.",
    },
    {
      title: "Move",
      description: "We launch, refine what real use teaches us, and help you scale when it takes off.",
    },
  ],
  closing: "Want to work with us?",
  metaDescription:
    "Fjord & Form is an Oslo studio that builds private software, custom interfaces and local AI systems that run on your own infrastructure. Made for you.",
};
