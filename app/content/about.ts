import type { PageSeo } from "./page-seo";
/**
 * The About page's document (docs/decisions/044, 053): its shape and its seed, the words
 * a fresh install shows. The words themselves are data staff edit at /admin/pages/about.
 */

/**
 * One person on a team card. Without a photo the page draws a monogram portrait from the
 * initials; a photo is picked from the media library, with its alt text.
 */
export type Person = { name: string; role: string; photo?: string; photoAlt?: string };

/** One of the page's sections: a discipline, and the team card beside it. */
export type Capability = {
  title: string;
  paragraph: string;
  team: { name: string; description: string; people: Person[] };
};

export type AboutContent = {
  schemaVersion: 1;
  headline: string;
  intro: string;
  /** In the order they appear on the page. */
  sections: Capability[];
  closing: { heading: string; text: string };
  metaDescription: string;
  seo?: PageSeo;
};

/** A section's anchor ("Custom AI" → "custom-ai"): the heading's id on the page. */
export function sectionId(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const capabilities: Capability[] = [
  {
    title: "Custom AI",
    paragraph:
      "We build AI that runs on your own hardware or infrastructure, so sensitive data stays where it belongs. From private language models to small models made for a single task, every system is built around your data and your goals. You own it, and you can see how it works.",
    team: {
      name: "AI Team",
      description: "AI specialists and data scientists who build custom models around your data and your tasks.",
      people: [
        { name: "Ingrid Halvorsen", role: "Machine learning lead" },
        { name: "Amir Rahimi", role: "Data scientist" },
      ],
    },
  },
  {
    title: "Development",
    paragraph:
      "We build private software, internal tools and web applications from the architecture up. Clean code, sensible technology choices and documentation your own team can read. The result is software that is easy to run and easy to change.",
    team: {
      name: "Developers",
      description: "Full-stack engineers and architects who deliver scalable software that is built to last.",
      people: [
        { name: "Sindre Bakke", role: "Software architect" },
        { name: "Maja Lund", role: "Full-stack developer" },
      ],
    },
  },
  {
    title: "Automation",
    paragraph:
      "We map how work moves through your business and automate the repetitive parts. Bots, integrations and e-mail flows take over the routine tasks. Your team gets time back for the work that needs people.",
    team: {
      name: "Automation Experts",
      description: "Automation engineers who streamline your processes and integrate the tools you already use.",
      people: [
        { name: "Jonas Eide", role: "Automation engineer" },
        { name: "Sofie Strand", role: "Integration developer" },
      ],
    },
  },
  {
    title: "Production",
    paragraph:
      "We plan, shoot and edit video, photo and motion content. One crew takes it from the first idea to the final cut, so your story stays consistent on every channel.",
    team: {
      name: "Production Crew",
      description: "Producers, editors and creatives who handle your content and video from the plan to the final cut.",
      people: [
        { name: "Eirik Moen", role: "Producer" },
        { name: "Nora Aasen", role: "Editor and colourist" },
      ],
    },
  },
  {
    title: "Design",
    paragraph:
      "We design brands, interfaces and animation from the very first idea. Research and testing guide the work. Every detail is made to be used, not just admired.",
    team: {
      name: "Designers",
      description: "UI/UX and brand designers who craft digital experiences that people enjoy using.",
      people: [
        { name: "Thea Vik", role: "Brand designer" },
        { name: "Lars Dahl", role: "UI/UX designer" },
      ],
    },
  },
];

export const aboutSeed: AboutContent = {
  schemaVersion: 1,
  headline: "We're builders, designers, and engineers working across AI, software, and content.",
  intro:
    "We are a small studio in Oslo with five disciplines under one roof, and one team that sees your project through from start to finish.",
  sections: capabilities,
  closing: { heading: "Want to work with us?", text: "We'd love to hear your ideas!" },
  // 140–160 characters.
  metaDescription:
    "Meet Fjord & Form, an Oslo studio of builders, designers and engineers working across custom AI, software, automation, production and design.",
};
