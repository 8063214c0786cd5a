/**
 * Content and scoring for the GDPR self-assessment checklist.
 * Each question is phrased so that "yes" is the compliant answer.
 * `scoreGdprAnswers` is pure and shared by the server and the page; `analyseGdprAnswers`
 * adds the gaps and their recommendations, which only the server's e-mails and the
 * staff's lead page show (the browser's build leaves them out: see GDPR_RECOMMENDATIONS).
 */

export type GdprQuestion = {
  /** Stable kebab-case id, unique across the checklist. */
  id: string;
  /** The yes/no question; "yes" is the compliant answer. */
  text: string;
  /** One short sentence on why it matters. */
  help: string;
};

export type GdprCategory = { id: string; title: string; questions: GdprQuestion[] };

/** In the order they appear on the page. */
export const gdprCategories: GdprCategory[] = [
  {
    id: "data-audit",
    title: "Data Audit and Mapping",
    questions: [
      {
        id: "audit-inventory",
        text: "Do you keep an up-to-date inventory of the personal data you hold, where it is stored and who can access it?",
        help: "You cannot protect, delete or explain data you do not know you have.",
      },
      {
        id: "audit-minimisation",
        text: "Do you collect only the personal data you need and delete it when you no longer need it?",
        help: "Data minimisation and storage limitation are core principles, and less data means less risk if something goes wrong.",
      },
    ],
  },
  {
    id: "legal-basis",
    title: "Legal Basis for Processing",
    questions: [
      {
        id: "legal-basis-documented",
        text: "Have you identified and written down the legal basis for each purpose you process personal data for?",
        help: "Every processing activity needs one of the six legal bases in Art. 6, and you must be able to show which one you rely on.",
      },
      {
        id: "legal-basis-legitimate-interests",
        text: "Where you rely on legitimate interests or process sensitive data, have you documented why this is justified?",
        help: "Legitimate interests need a balancing test, and health, biometric or similar data is only allowed under the narrow conditions in Art. 9.",
      },
    ],
  },
  {
    id: "privacy-notice",
    title: "Privacy Notice and Consent",
    questions: [
      {
        id: "notice-published",
        text: "Do you give people a clear privacy notice explaining what you collect, why, how long you keep it and what their rights are?",
        help: "Transparency is a legal duty, and a clear notice builds trust with customers and staff.",
      },
      {
        id: "notice-consent-records",
        text: "Where you rely on consent, is it freely given, recorded and as easy to withdraw as it was to give?",
        help: "Consent that is pre-ticked, bundled or hard to withdraw is not valid under Art. 7.",
      },
    ],
  },
  {
    id: "data-subject-rights",
    title: "Data Subject Rights",
    questions: [
      {
        id: "rights-process",
        text: "Do you have a process for recognising and answering data subject requests within one month?",
        help: "People can ask for access, correction or deletion by any channel, and the one-month deadline starts when the request arrives.",
      },
      {
        id: "rights-access-erasure",
        text: "Can you find, export, correct and delete all personal data about a specific person across your systems?",
        help: "Access, rectification and erasure requests (Art. 15–17) are impossible to meet if data is scattered and untracked.",
      },
      {
        id: "rights-objection-portability",
        text: "Do you honour objections to direct marketing at once and provide data in a machine-readable format when asked?",
        help: "The right to object to marketing is absolute, and portability (Art. 20) applies to data processed by consent or contract.",
      },
    ],
  },
  {
    id: "security",
    title: "Security Measures",
    questions: [
      {
        id: "security-access-control",
        text: "Is access to personal data limited to people who need it, with unique accounts and multi-factor authentication?",
        help: "Shared passwords and broad access are among the most common causes of data breaches.",
      },
      {
        id: "security-encryption-backups",
        text: "Is personal data encrypted on laptops, phones and in transit, and backed up in a way you have tested restoring?",
        help: "Encryption limits the damage of a lost device, and tested backups keep you running after ransomware or mistakes.",
      },
      {
        id: "security-testing",
        text: "Do you keep software up to date and regularly test your security measures?",
        help: "Art. 32(1)(d) requires a process for regularly testing and evaluating how effective your security is.",
      },
    ],
  },
  {
    id: "breach-response",
    title: "Breach Response Plan",
    questions: [
      {
        id: "breach-plan",
        text: "Do you have a written plan for detecting, assessing and reporting a personal data breach to Datatilsynet within 72 hours?",
        help: "Under Art. 33 the 72-hour clock starts when you become aware of a breach, so there is no time to work out the process then.",
      },
      {
        id: "breach-log-individuals",
        text: "Do you log every breach, including minor ones, and know when you must tell the affected people?",
        help: "All breaches must be documented, and high-risk breaches must also be communicated to the people affected (Art. 34).",
      },
    ],
  },
  {
    id: "third-party",
    title: "Third-Party Controls",
    questions: [
      {
        id: "third-party-dpa",
        text: "Do you have a signed data processing agreement with every supplier that handles personal data for you?",
        help: "Art. 28 requires a written contract with every processor, such as hosting, email, payroll and CRM providers.",
      },
      {
        id: "third-party-transfers",
        text: "Do you know which suppliers transfer personal data outside the EEA, and are those transfers covered by valid safeguards?",
        help: "Transfers outside the EEA are only lawful with an adequacy decision or safeguards such as Standard Contractual Clauses (Art. 44–46).",
      },
      {
        id: "third-party-vetting",
        text: "Do you check a supplier’s security and privacy practices before you start sharing personal data with it?",
        help: "You may only use processors that give sufficient guarantees, and you remain responsible for what they do with your data.",
      },
    ],
  },
  {
    id: "documentation",
    title: "Documentation and Records",
    questions: [
      {
        id: "docs-ropa",
        text: "Do you keep a record of processing activities describing your purposes, data categories, recipients and retention periods?",
        help: "Art. 30 requires this record in most cases, and it is usually the first thing a supervisory authority asks for.",
      },
      {
        id: "docs-dpia",
        text: "Do you carry out a data protection impact assessment before starting processing that is likely to be high risk?",
        help: "Large-scale monitoring, sensitive data and new technologies such as AI often require a DPIA under Art. 35.",
      },
    ],
  },
  {
    id: "roles-training",
    title: "Roles and Training",
    questions: [
      {
        id: "roles-responsible",
        text: "Is a named person responsible for data protection, and have you checked whether you must appoint a data protection officer?",
        help: "Clear ownership keeps privacy work moving, and some organisations are legally required to have a DPO (Art. 37).",
      },
      {
        id: "roles-staff-training",
        text: "Do all staff who handle personal data receive data protection training when they start and at least once a year?",
        help: "Most breaches involve human error, such as phishing or sending data to the wrong recipient.",
      },
    ],
  },
  {
    id: "review",
    title: "Regular Review and Updates",
    questions: [
      {
        id: "review-scheduled",
        text: "Do you review your privacy policies, records and security measures at least once a year?",
        help: "Art. 24 requires measures to be reviewed and updated, because systems, suppliers and risks change over time.",
      },
      {
        id: "review-privacy-by-design",
        text: "Do you consider data protection before you launch a new product, feature, tool or supplier?",
        help: "Privacy by design and by default (Art. 25) is cheaper than fixing problems after launch.",
      },
    ],
  },
];

/**
 * What to do when the answer is "no", by question id. Kept apart from the questions so
 * that the page's JavaScript, which imports the questions and the score but never the
 * gaps, does not carry these 23 paragraphs (about 1.5 KB gzipped of the wizard's budget):
 * only analyseGdprAnswers reads them, and the build drops what nothing reads.
 */
export const GDPR_RECOMMENDATIONS: Record<string, string> = {
  "audit-inventory":
    "List every system, spreadsheet and service that holds personal data, with the data types, storage location and who has access. Review the list whenever you add a new tool.",
  "audit-minimisation":
    "Set a retention period for each type of personal data and schedule regular deletion, as required by GDPR Art. 5(1)(c) and (e). Remove form fields you do not actually use.",
  "legal-basis-documented":
    "For each purpose, record whether you rely on consent, contract, legal obligation, vital interests, public task or legitimate interests (GDPR Art. 6). Stop any processing you cannot justify.",
  "legal-basis-legitimate-interests":
    "Write a short legitimate interests assessment weighing your interest against the impact on individuals, and check any special category data against an Art. 9 condition.",
  "notice-published":
    "Publish a plain-language privacy notice covering the information listed in GDPR Art. 13 and 14, and link to it wherever you collect personal data, including forms and job applications.",
  "notice-consent-records":
    "Use unticked opt-in boxes, keep a record of who consented, when and to what, and offer a one-click way to withdraw, including for cookies and newsletters (GDPR Art. 7).",
  "rights-process":
    "Name who handles requests, how identity is verified and how the one-month deadline from GDPR Art. 12(3) is tracked. Keep a simple log of each request and your reply.",
  "rights-access-erasure":
    "Use your data inventory to write down, system by system, how to search for, export, correct and delete one person’s data, and test it once with a colleague’s data.",
  "rights-objection-portability":
    "Add a suppression list so people who object never receive marketing again (GDPR Art. 21), and make sure you can export a person’s data as CSV or JSON.",
  "security-access-control":
    "Give each person their own account, remove access promptly when people change roles or leave, and turn on multi-factor authentication for email and all systems holding personal data (GDPR Art. 32).",
  "security-encryption-backups":
    "Enable full-disk encryption on all devices, use HTTPS everywhere, and run a restore test of your backups at least twice a year, as Art. 32(1) expects.",
  "security-testing":
    "Turn on automatic updates, keep a list of systems that need manual patching, and schedule a yearly security review or penetration test of your most important systems.",
  "breach-plan":
    "Write a one-page breach plan naming who decides, how to assess the risk, and how to notify Datatilsynet within 72 hours (GDPR Art. 33). Make sure all staff know how to report a suspected breach.",
  "breach-log-individuals":
    "Keep a breach log with the facts, effects and actions taken (GDPR Art. 33(5)), and prepare a template message for informing individuals when a breach is likely to put them at high risk.",
  "third-party-dpa":
    "List your processors and sign or accept a data processing agreement with each one that covers the terms in GDPR Art. 28(3). Most large providers offer a standard one you can accept online.",
  "third-party-transfers":
    "Check where each supplier and its sub-processors store data. For transfers outside the EEA, rely on an adequacy decision or Standard Contractual Clauses with a transfer impact assessment, or choose a provider that keeps data in the EEA.",
  "third-party-vetting":
    "Add a short privacy and security checklist to your purchasing process, covering certifications, data location and sub-processors, and review key suppliers once a year.",
  "docs-ropa":
    "Create a record of processing activities covering the items in GDPR Art. 30(1), building on your data inventory, and keep it in a shared place where it is updated when processing changes.",
  "docs-dpia":
    "Check new projects against Datatilsynet’s list of processing that requires a DPIA, and carry out and document a DPIA before starting any high-risk processing (GDPR Art. 35).",
  "roles-responsible":
    "Give one person clear responsibility for data protection, assess whether Art. 37 requires a DPO, and if so register the DPO’s contact details with Datatilsynet and respect the independence required by Art. 38–39.",
  "roles-staff-training":
    "Run a short onboarding session and a yearly refresher on handling personal data, spotting phishing and reporting breaches, and keep a record of who has completed it.",
  "review-scheduled":
    "Put a yearly data protection review in the calendar with a named owner, covering your inventory, records, privacy notice, processors and security, and note what changed.",
  "review-privacy-by-design":
    "Add a short privacy checkpoint to project kick-offs and tool purchases that asks what data is needed, the legal basis and retention, and whether a DPIA is required (GDPR Art. 25).",
};

export const GDPR_TOTAL_QUESTIONS = 23;

export type GdprAnswers = Record<string, "yes" | "no">;

export type GdprLevel = "strong" | "developing" | "at-risk";

export type GdprGap = { questionId: string; question: string; recommendation: string };

export type GdprCategoryScore = { id: string; title: string; yes: number; total: number; scorePercent: number };

export type GdprScore = {
  yes: number;
  total: number;
  /** Rounded integer 0–100: yes / total. */
  scorePercent: number;
  categories: GdprCategoryScore[];
};

export type GdprCategoryAnalysis = GdprCategoryScore & { gaps: GdprGap[] };

export type GdprAnalysis = Omit<GdprScore, "categories"> & {
  answered: number;
  /** >= 80 strong, >= 50 developing, otherwise at-risk. */
  level: GdprLevel;
  categories: GdprCategoryAnalysis[];
};

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

function levelFor(scorePercent: number): GdprLevel {
  if (scorePercent >= 80) return "strong";
  if (scorePercent >= 50) return "developing";
  return "at-risk";
}

/** The answer given to a question; only own properties count (the answers come from a request). */
const answerTo = (answers: GdprAnswers, id: string) => (Object.hasOwn(answers, id) ? answers[id] : undefined);

/** The score alone, as the page shows it after sending: per area and overall. */
export function scoreGdprAnswers(answers: GdprAnswers): GdprScore {
  let yes = 0;
  let total = 0;
  const categories = gdprCategories.map((category) => {
    const categoryYes = category.questions.filter((question) => answerTo(answers, question.id) === "yes").length;
    const categoryTotal = category.questions.length;
    yes += categoryYes;
    total += categoryTotal;
    return {
      id: category.id,
      title: category.title,
      yes: categoryYes,
      total: categoryTotal,
      scorePercent: percent(categoryYes, categoryTotal),
    };
  });
  return { yes, total, scorePercent: percent(yes, total), categories };
}

/**
 * Scores a set of answers against the checklist, with the gaps to close. Only known
 * question ids count; a missing or unrecognised answer is treated as not "yes" and
 * listed as a gap.
 */
export function analyseGdprAnswers(answers: GdprAnswers): GdprAnalysis {
  const score = scoreGdprAnswers(answers);
  const questions = gdprCategories.flatMap((category) => category.questions);
  return {
    ...score,
    answered: questions.filter((question) => ["yes", "no"].includes(answerTo(answers, question.id)!)).length,
    level: levelFor(score.scorePercent),
    categories: score.categories.map((category, index) => ({
      ...category,
      gaps: gdprCategories[index]!.questions
        .filter((question) => answerTo(answers, question.id) !== "yes")
        .map((question) => ({
          questionId: question.id,
          question: question.text,
          recommendation: GDPR_RECOMMENDATIONS[question.id]!,
        })),
    })),
  };
}
