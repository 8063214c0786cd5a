/**
 * Copy for the careers pages: the job types, the three listings the job board starts
 * with, and the text at the top of /careers. Staff can edit or add listings later;
 * these are the seeds.
 */

export const JOB_TYPES = ["Full-time", "Part-time", "Contract", "Internship", "Freelance"] as const;

export type JobType = (typeof JOB_TYPES)[number];

export type JobSeed = {
  slug: string;
  title: string;
  location: string;
  type: JobType;
  department: string;
  /** 2–4 sentences, plain text. */
  description: string;
  /** 4–6 items. */
  responsibilities: string[];
  /** 4–6 items. */
  requirements: string[];
  /** 4–6 items. */
  benefits: string[];
  /** A mailto link to jobs@fjordform.no with a URL-encoded subject. */
  applyLink: string;
};

/** In the order they appear on the page. */
export const jobSeeds: JobSeed[] = [
  {
    slug: "open-application",
    title: "Open Application",
    location: "Oslo",
    type: "Full-time",
    department: "Any team",
    description:
      "Don’t see your role listed? Write to us anyway. We are a small team, and some of our best people joined before we knew we needed them. Tell us what you do well, what you want to get better at, and how you think it could help the people we build for.",
    responsibilities: [
      "Do good work in your own field, whether that is engineering, AI, design, production or something we have not thought of.",
      "Work directly with clients and with colleagues from the other disciplines in the studio.",
      "Take a project from the first conversation to something that is live and in use.",
      "Write things down so the next person, and the client, can understand what was built and why.",
      "Help shape how a small studio works as it grows.",
    ],
    requirements: [
      "Work you can show us: a portfolio, a repository, a finished project or a clear story about one.",
      "Care for the details that make something easy to use, easy to read or easy to maintain.",
      "You say what you think, ask when you are unsure and tell us early when something is off track.",
      "Comfortable working in English. Norwegian is welcome but not required for most roles.",
      "Able to work from our studio in Oslo for most of the week.",
    ],
    benefits: [
      "Occupational pension (OTP) and insurance from your first day.",
      "Five weeks of paid holiday, as is normal in Norway.",
      "Flexible hours built around a few shared core hours in the studio.",
      "Your own budget for a laptop, screen and the tools you work best with.",
      "A yearly budget for courses, books and conferences.",
      "A team trip once a year, and lunch together in the studio.",
    ],
    applyLink: "mailto:jobs@fjordform.no?subject=Open%20Application",
  },
  {
    slug: "part-time-animator",
    title: "Part-time Animator",
    location: "Oslo",
    type: "Part-time",
    department: "Design + Animation",
    description:
      "We are looking for an animator to bring motion to the products, brands and stories we make. You will animate interfaces our developers ship, build small brand systems that move, and make explainer videos that help people understand something complex. The role is part-time, and we will agree on the hours and days that suit both you and the work.",
    responsibilities: [
      "Design and animate motion for product interfaces, from small transitions to onboarding flows.",
      "Create brand animations such as logo reveals, motion guidelines and social media assets.",
      "Animate explainer videos together with our production crew, from storyboard to final export.",
      "Hand over animations in formats developers can use, such as Lottie or Rive files, and check them in the finished product.",
      "Give feedback on designs early, so motion is part of the idea and not added at the end.",
    ],
    requirements: [
      "A portfolio with motion work you made yourself, and a short note on your part in each piece.",
      "A good sense of timing, easing and rhythm, and an understanding of when motion helps and when it gets in the way.",
      "Solid skills in After Effects or a similar tool.",
      "Experience with Rive, Lottie or Blender is a plus.",
      "Comfortable working in English with designers, developers and clients.",
      "Able to plan your own hours and deliver on agreed dates.",
    ],
    benefits: [
      "Flexible hours and days, agreed with you and planned a few weeks ahead.",
      "Occupational pension (OTP) for positions of 20 percent or more.",
      "Five weeks of paid holiday, paid in proportion to your position.",
      "Licences for the animation and design software you need, paid by us.",
      "A desk in the studio when you want it, and a place at team lunches and the yearly trip.",
    ],
    applyLink: "mailto:jobs@fjordform.no?subject=Part-time%20Animator",
  },
  {
    slug: "accountant",
    title: "Accountant",
    location: "Oslo",
    type: "Part-time",
    department: "Operations",
    description:
      "We are looking for an accountant to keep the books of Fjord & Form AS in good order. You will handle invoicing, VAT, payroll and the year-end, and be the person we ask when we are unsure about the numbers. The role is part-time, with more hours around deadlines and fewer in between. Because the work follows Norwegian rules and authorities, you need to work fluently in Norwegian.",
    responsibilities: [
      "Keep the accounts up to date: post vouchers, match bank transactions and follow up on unpaid invoices.",
      "Send invoices to clients and pay supplier invoices on time.",
      "Prepare and submit the VAT (MVA) return for each term.",
      "Run monthly payroll and submit the A-melding, including holiday pay and employer contributions.",
      "Prepare the year-end accounts together with our auditor, including the annual accounts and tax return for the company.",
      "Give the founders a short monthly overview of results, cash flow and anything we should know about.",
    ],
    requirements: [
      "Several years of experience with bookkeeping and year-end work for a Norwegian AS.",
      "Good knowledge of the Accounting Act (regnskapsloven) and the Bookkeeping Act (bokføringsloven).",
      "Experience with Fiken, Tripletex or a similar accounting system.",
      "Fluent Norwegian, written and spoken. Our team mostly works in English, so good English helps too.",
      "Careful and independent, with a habit of explaining numbers in plain words.",
      "Authorisation as a state-authorised accountant (autorisert regnskapsfører) is a plus.",
    ],
    benefits: [
      "Flexible hours planned around the monthly and yearly deadlines.",
      "Occupational pension (OTP) for positions of 20 percent or more.",
      "Five weeks of paid holiday, paid in proportion to your position.",
      "The option to work from home outside of deadline weeks.",
      "A desk in the studio, and a place at team lunches and the yearly trip.",
    ],
    applyLink: "mailto:jobs@fjordform.no?subject=Accountant",
  },
];
