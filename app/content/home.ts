/** Home page copy: hero, partnering line, Think/Make/Move, closing (the work comes from the showcase). Services come from services.ts. */
export const homeContent = {
  heroStatement: "builds private software, custom interfaces, and local AI systems.",
  heroTagline: "Made for you.",
  /** The small line at the top of the hero, opposite the pause button. */
  heroEyebrow: "An independent studio in Oslo",
  metaDescription:
    "Fjord & Form is an Oslo studio that builds private software, custom interfaces and local AI systems that run on your own infrastructure. Made for you.",
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
} as const;
