import type { PageSeo } from "./page-seo";
/**
 * The five service pages ("What we do"). What stays code: each page's slug, address,
 * name (the "What we do" list, the showcase's tags) and where its buttons go. What
 * staff edit at /admin/pages/{slug} (docs/decisions/044): the words, seeded here with
 * the texts a fresh install shows.
 */

export type ServiceItem = { title: string; description: string };

export type ServiceSlug = "design" | "development" | "custom-ai" | "ai-automations" | "production";

/** Where a button goes: an e-mail to the studio (with a subject) or a page of the site. */
export type ServiceAction = { kind: "mailto" | "link"; to?: string; subject?: string };

export type Service = {
  slug: ServiceSlug;
  /** The route path, e.g. "/design". */
  path: string;
  /** The name used in the "What we do" list and as the page's eyebrow. */
  name: string;
  heroAction: ServiceAction;
  /** The closing block's button, on the pages whose closing has one. */
  closingAction?: ServiceAction;
};

/** A service page's words: one document per page and language, stored in page_content. */
export type ServiceContent = {
  schemaVersion: 1;
  hero: { heading: string; intro: string; actionLabel: string };
  /** "What you get": what a client has in hand at the end, four short lines. */
  deliverables: [string, string, string, string];
  items: [ServiceItem, ServiceItem, ServiceItem];
  /** The closing block (the spec's table): a heading, one line, and the button's label where there is one. */
  closing: { heading: string; text: string; actionLabel?: string } | null;
  /** 140–160 characters. */
  metaDescription: string;
  seo?: PageSeo;
};

/** In the order of the "What we do" list. */
export const services: Service[] = [
  {
    slug: "custom-ai",
    path: "/custom-ai",
    name: "Custom AI",
    heroAction: {
      kind: "link",
      to: "/contact",
    },
  },
  {
    slug: "development",
    path: "/development",
    name: "Development",
    heroAction: {
      kind: "mailto",
      subject: "New development project",
    },
    closingAction: {
      kind: "mailto",
    },
  },
  {
    slug: "ai-automations",
    path: "/ai-automations",
    name: "Automation",
    heroAction: {
      kind: "link",
      to: "/contact",
    },
  },
  {
    slug: "production",
    path: "/production",
    name: "Production",
    heroAction: {
      kind: "mailto",
      subject: "New production project",
    },
  },
  {
    slug: "design",
    path: "/design",
    name: "Design + Animation",
    heroAction: {
      kind: "mailto",
      subject: "New design project",
    },
    closingAction: {
      kind: "link",
      to: "/contact",
    },
  },
];

/** What each service page says on a fresh install. */
export const serviceSeeds: Record<ServiceSlug, ServiceContent> = {
  "custom-ai": {
    schemaVersion: 1,
    hero: {
      heading: "We build Custom AIs",
      intro:
        "Private AI models and assistants, shaped around your data and running where you choose. Your information stays under your control.",
      actionLabel: "Get Started",
    },
    deliverables: [
      "A model that runs on your hardware",
      "Answers grounded in your own documents",
      "A plain-language report of how it works",
      "Handover, training and support",
    ],
    items: [
      {
        title: "Custom LLM",
        description:
          "A language model tuned to your documents, tone and tasks. It runs locally or on your own infrastructure, so your data never leaves your control.",
      },
      {
        title: "Adaptive Interfaces",
        description:
          "Interfaces that adjust to the person using them, from suggested next steps to forms that fill themselves in. Built on your own data, not guesswork.",
      },
      {
        title: "Tailored Models",
        description:
          "Small models trained for one job, such as sorting support tickets, reading invoices or spotting unusual numbers. Fast, cheap to run and easy to check.",
      },
    ],
    closing: {
      heading: "Want to build custom AI?",
      text: "Tell us what it should know, and where it should run.",
    },
    metaDescription:
      "Custom AI from Fjord & Form in Oslo: private language models, adaptive interfaces and tailored models that run on your own hardware or infrastructure.",
  },
  development: {
    schemaVersion: 1,
    hero: {
      heading: "Ready to Develop?",
      intro:
        "We design and build software that fits how your business actually works. Solid foundations first, then features people enjoy using.",
      actionLabel: "Let's Build",
    },
    deliverables: [
      "A technical plan you can read",
      "Source code and documentation you own",
      "Tests and a release pipeline",
      "Hosting set up in Norway or the EU",
    ],
    items: [
      {
        title: "Architecture",
        description:
          "A clear technical plan before the first line of code: data, hosting, security and how the parts fit together. A system that can grow without a rewrite.",
      },
      {
        title: "Full Stack",
        description:
          "One team for the database, the API and the interface. Fewer handovers, faster releases and one place to ask when something needs to change.",
      },
      {
        title: "Web Development",
        description:
          "Fast, accessible websites and web apps built with modern, well-supported tools. Easy for your team to update and ready for search engines from day one.",
      },
    ],
    closing: {
      heading: "Want to work with us?",
      text: "We'd love to hear your ideas!",
      actionLabel: "Get in touch",
    },
    metaDescription:
      "Software development from Fjord & Form in Oslo: architecture, full-stack engineering and web development for private systems that are built to last.",
  },
  "ai-automations": {
    schemaVersion: 1,
    hero: {
      heading: "Building Automation (0→1) workflows",
      intro:
        "We find the repetitive work in your week and hand it to software. Your team gets time back for the work that needs people.",
      actionLabel: "Automate Now",
    },
    deliverables: [
      "A map of your workflows",
      "Bots and integrations, running",
      "A log of every automated step",
      "Hours back, measured every month",
    ],
    items: [
      {
        title: "Workflow Mapping",
        description:
          "We sit with your team and map how work really moves, step by step. You get a clear picture of what to automate first and what it will save.",
      },
      {
        title: "Bot Development",
        description:
          "Bots that sort requests, update your systems and answer common questions. They work around the clock and pass the tricky cases to a person.",
      },
      {
        title: "Email Automation",
        description:
          "E-mails that go out at the right moment, from order confirmations to follow-ups. Connected to the tools you already use, so nobody has to copy and paste.",
      },
    ],
    closing: null,
    metaDescription:
      "Automation from Fjord & Form in Oslo: we map your workflows, build bots and set up e-mail automation, so routine work runs itself and your team gets time back.",
  },
  production: {
    schemaVersion: 1,
    hero: {
      heading: "We do Production",
      intro:
        "Video, photo and motion content made with the same care as our software. We plan it, shoot it and finish it.",
      actionLabel: "Let's Shoot",
    },
    deliverables: [
      "A content plan for your channels",
      "Filming, photography and motion",
      "Edited, graded and subtitled files",
      "Every format your channels need",
    ],
    items: [
      {
        title: "Content Planning",
        description:
          "A content plan built around your goals, your channels and your audience. You know what to make, when to publish it and why.",
      },
      {
        title: "Media Creation",
        description:
          "Filming, photography and motion graphics with our own crew and equipment. Product videos, interviews and social content that look and sound like you.",
      },
      {
        title: "Post-Production",
        description:
          "Editing, colour grading, sound and subtitles, delivered in every format you need. Ready to publish on your website and every social channel.",
      },
    ],
    closing: null,
    metaDescription:
      "Video and content production from Fjord & Form in Oslo: planning, filming, photography and post-production that tells your story clearly on every channel.",
  },
  design: {
    schemaVersion: 1,
    hero: {
      heading: "We create Design from 0-1",
      intro:
        "From the first sketch to a finished brand and product. We design identities, interfaces and motion that are clear, useful and unmistakably yours.",
      actionLabel: "Start a Project",
    },
    deliverables: [
      "A brand identity and a short guide",
      "Tested prototypes for your product",
      "A design system your team can use",
      "Ready-to-use files in every size",
    ],
    items: [
      {
        title: "Brand Identity",
        description:
          "Logo, colours, typography and a voice that fits who you are. Delivered with a short guide, so everyone uses your brand the same way.",
      },
      {
        title: "UI/UX Design",
        description:
          "Research, user flows, wireframes and tested prototypes for apps and websites. Interfaces people understand the first time they use them.",
      },
      {
        title: "Static Design",
        description:
          "Presentations, social media graphics, print and advertising that match your brand. Ready-to-use files in every size you need.",
      },
    ],
    closing: {
      heading: "Want to work with us?",
      text: "We'd love to hear your ideas!",
      actionLabel: "Get in touch",
    },
    metaDescription:
      "Design and animation from Fjord & Form in Oslo: brand identity, UI/UX design and static design, taken from the first idea to a finished product. Made for you.",
  },
};

/** The service with this slug, or undefined when there is none. */
export function serviceBySlug(slug: string): Service | undefined {
  return services.find((service) => service.slug === slug);
}
