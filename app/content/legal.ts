import type { PageSeo } from "./page-seo";
/**
 * The terms and the privacy policy as documents (docs/decisions/044, 053): their shape,
 * their seeds (the words a fresh install shows) and how the studio's facts fill them.
 * Staff edit them at /admin/pages/terms and /admin/pages/privacy. The studio's facts
 * (names, address, organisation number, venue court) are not written into the words but
 * named by placeholders ({legalName}, {address}, …) filled from the studio's details as
 * staff keep them (lib/studio), so a new address shows in both at once.
 */
import { fullAddressLine, type StudioDetails } from "~/lib/studio/studio-details";

export type LegalSection = { heading: string; paragraphs: string[]; list?: string[] };

export type LegalContent = {
  schemaVersion: 1;
  title: string;
  intro: string;
  /** Reorderable; each a heading, its paragraphs and an optional bulleted list. */
  sections: LegalSection[];
  metaDescription: string;
  seo?: PageSeo;
};

/** The document as a visitor reads it: placeholders filled. */
export type LegalPage = Omit<LegalContent, "schemaVersion">;

/** The placeholders a legal text may hold, and what fills each. */
export const LEGAL_PLACEHOLDERS = {
  name: (studio: StudioDetails) => studio.name,
  legalName: (studio: StudioDetails) => studio.legalName,
  email: (studio: StudioDetails) => studio.email,
  organisationNumber: (studio: StudioDetails) => studio.organisationNumber,
  venueCourt: (studio: StudioDetails) => studio.venueCourt,
  address: (studio: StudioDetails) => fullAddressLine(studio, "en"),
} as const;

/** A text with its placeholders filled; an unknown `{word}` stays as written. */
export function fillPlaceholders(text: string, studio: StudioDetails) {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in LEGAL_PLACEHOLDERS ? LEGAL_PLACEHOLDERS[key as keyof typeof LEGAL_PLACEHOLDERS](studio) : whole,
  );
}

/** The document with the studio's facts in it. */
export function legalPage(content: LegalContent, studio: StudioDetails): LegalPage {
  const fill = (text: string) => fillPlaceholders(text, studio);
  return {
    title: fill(content.title),
    intro: fill(content.intro),
    metaDescription: fill(content.metaDescription),
    sections: content.sections.map((section) => ({
      heading: fill(section.heading),
      paragraphs: section.paragraphs.map(fill),
      ...(section.list && section.list.length > 0 ? { list: section.list.map(fill) } : {}),
    })),
    ...(content.seo
      ? { seo: { ...content.seo, ...(content.seo.title ? { title: fill(content.seo.title) } : {}) } }
      : {}),
  };
}

export const termsSeed: LegalContent = {
  schemaVersion: 1,
  title: "Terms of service",
  metaDescription:
    "The terms that apply when you use the {name} website or buy design, software, AI, automation or production services from {legalName}.",
  intro:
    "These terms apply when you use this website and when you buy services from {legalName}. Where a signed project agreement says something different, the project agreement takes precedence.",
  sections: [
    {
      heading: "Who we are",
      paragraphs: [
        "{name} is the trading name of {legalName}, a Norwegian limited company with organisation number {organisationNumber} in the Brønnøysund Register Centre. Our address is {address}.",
        "In these terms, “we” and “us” mean {legalName}. “You” means the company or person who uses this website or buys services from us.",
      ],
    },
    {
      heading: "Our services",
      paragraphs: [
        "We build private software, custom interfaces and local AI systems, meaning AI that runs on your own hardware or infrastructure. We also offer automation, design and animation, and video and content production.",
        "The exact scope of each job, including what we deliver and when, is set out in the quote or project agreement for that job.",
      ],
    },
    {
      heading: "Quotes, orders and project agreements",
      paragraphs: [
        "A quote is valid for 30 days unless it says otherwise. An order is binding once you accept a quote in writing, by e-mail or by signing a project agreement.",
        "Larger projects are run under a written project agreement that describes the scope, milestones, price and acceptance. Changes to the scope are agreed in writing and may change the price and the timeline.",
        "Work paid by the hour is invoiced for the time actually spent. We tell you in good time if we expect to go over an agreed estimate.",
      ],
    },
    {
      heading: "Invoices, payment and the customer portal",
      paragraphs: [
        "You can see your invoices, download them and pay them in our customer portal. You can also pay by bank transfer to the account shown on the invoice.",
        "Card payments in the portal are handled by a third-party card payment provider. You enter your card details directly with the provider. We never see or store full card numbers.",
        "Unless otherwise agreed, payment is due 14 days after the invoice date. Prices are in Norwegian kroner (NOK) and exclude VAT. If a payment is late, we charge interest on overdue payments under the Norwegian Late Payment Interest Act (forsinkelsesrenteloven), and we may pause work until the invoice is paid.",
      ],
    },
    {
      heading: "The analytics dashboard",
      paragraphs: [
        "For some projects we give you access to an analytics dashboard that shows how your own product is used. The dashboard is part of the service and is available for as long as the project agreement says.",
        "You are responsible for the data collected in your product and for telling your users about it. Where the dashboard processes personal data on your behalf, we act as your data processor under a data processing agreement.",
      ],
    },
    {
      heading: "Intellectual property",
      paragraphs: [
        "Once you have paid in full, you own the deliverables we make for you, including designs, source code, trained models, video and other content made specifically for your project.",
        "We keep our general know-how, methods and the tools, libraries and components we use across projects. You receive a permanent right to use them as part of your deliverables. Open-source components stay under their own licences.",
        "Unless you tell us otherwise, we may mention you as a client and show the finished work in our portfolio. We never show anything that is confidential.",
      ],
    },
    {
      heading: "Confidentiality",
      paragraphs: [
        "We keep your business information, data and unreleased work confidential, and we only use it to deliver the services you have ordered. You do the same for our prices, methods and internal material.",
        "This duty continues after the project ends. It does not cover information that is already public or that we are required by law to disclose.",
      ],
    },
    {
      heading: "Limitation of liability",
      paragraphs: [
        "We do our work with care and fix errors in our deliverables that you report within the agreed warranty period. We are not liable for indirect losses, such as lost profit, lost data or lost revenue.",
        "Our total liability for a project is limited to the amount you have paid us for that project in the 12 months before the claim arose. These limits do not apply to damage caused by gross negligence or intent.",
      ],
    },
    {
      heading: "Cookies and personal data",
      paragraphs: [
        "This website sets no cookies for visitors and uses no third-party trackers. The only cookie is a strictly necessary session cookie that keeps signed-in users signed in. Our privacy policy explains this in detail.",
        "We process personal data in line with the General Data Protection Regulation (GDPR) and the Norwegian Personal Data Act. Our privacy policy explains what we collect, why, and for how long. You have the right to access, correct and delete your personal data, among other rights described there.",
      ],
    },
    {
      heading: "Changes to these terms",
      paragraphs: [
        "We may update these terms from time to time. The date at the top of this page shows when they last changed. Changes do not affect projects already agreed unless both parties accept them in writing.",
      ],
    },
    {
      heading: "Governing law and disputes",
      paragraphs: [
        "These terms and all agreements with us are governed by Norwegian law.",
        "If we disagree, we will first try to solve it together. If that does not work, disputes go to {venueCourt} as the agreed venue.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: ["Questions about these terms? Write to us at {email}, or by post to {legalName}, {address}."],
    },
  ],
};

export const privacySeed: LegalContent = {
  schemaVersion: 1,
  title: "Privacy policy",
  metaDescription:
    "How {legalName} handles personal data on this website: what we collect, why, how long we keep it, and how to use your rights under the GDPR.",
  intro:
    "This policy explains what personal data {name} collects through this website, why we collect it and how long we keep it. We collect as little as we can, and we never sell it.",
  sections: [
    {
      heading: "Who is responsible",
      paragraphs: [
        "{legalName} (organisation number {organisationNumber}), {address}, is the controller for the personal data described in this policy.",
        "For anything about your personal data, write to {email}.",
        "When we process personal data on behalf of a client, for example in a product we build or run for them, the client is the controller and a data processing agreement applies instead of this policy.",
      ],
    },
    {
      heading: "Contact form",
      paragraphs: [
        "When you send us a message through the contact form, we store your company name, your project description and your e-mail address. We use them only to answer your enquiry.",
        "We keep the message for 12 months after our last contact with you, then delete it. If you become a client, it becomes part of our project records for as long as we work together.",
      ],
    },
    {
      heading: "Newsletter",
      paragraphs: [
        "Our newsletter uses double opt-in. After you sign up, we send you an e-mail, and you are only subscribed once you confirm by clicking the link in it.",
        "To prove that you gave your consent, we store:",
      ],
      list: [
        "your e-mail address",
        "your subscription status (waiting for confirmation, subscribed or unsubscribed)",
        "the consent text you were shown",
        "the time and IP address of your consent",
      ],
    },
    {
      heading: "Sign-ups that are never confirmed",
      paragraphs: [
        "If you do not confirm within 30 days, we delete the sign-up, including the IP address. The confirmation link itself stops working after 7 days.",
      ],
    },
    {
      heading: "Unsubscribing from the newsletter",
      paragraphs: [
        "Every newsletter e-mail has a one-click unsubscribe link. We keep your subscription until you unsubscribe.",
        "After you unsubscribe, we send you no more newsletters. We keep the consent record for 3 years as documentation that we had your consent, then delete it.",
      ],
    },
    {
      heading: "GDPR self-assessment",
      paragraphs: [
        "When you fill in our GDPR self-assessment, we store your e-mail address and your answers so that we can e-mail you the analysis. We keep them for 12 months, then delete them.",
      ],
    },
    {
      heading: "Page views, without cookies",
      paragraphs: [
        "We count page views on our own server. For each view we store only the page path and the time. We store no IP address and no user agent, and we set no cookies to do it.",
        "We use no third-party analytics, trackers, fonts or scripts. Everything on this website is served from our own domain, so your browser does not contact anyone else when you visit.",
      ],
    },
    {
      heading: "Staff accounts and the session cookie",
      paragraphs: [
        "Only our own staff can sign in to this website. When a staff member signs in, we set one strictly necessary HttpOnly session cookie that keeps them signed in for at most 24 hours. Visitors get no cookies at all.",
        "For security, we log each sign-in with the e-mail address, time, IP address and browser. We keep these logs for 90 days.",
      ],
    },
    {
      heading: "Server logs",
      paragraphs: [
        "Like every web server, ours records requests, including IP addresses. We use these logs only to keep the website secure and running, and we delete them after 30 days.",
        "To stop abuse of the contact form, the newsletter sign-up and the self-assessment, we count how often each IP address sends them. These counters hold only the address and a number, and we delete them within 24 hours.",
      ],
    },
    {
      heading: "Customer portal and invoices",
      paragraphs: [
        "When we invoice a client, we process billing data such as names, company details, addresses, invoice lines and payment status. Clients can see and pay invoices in our customer portal.",
        "Card payments are handled by a third-party card payment provider. We never see or store full card numbers.",
        "We keep billing records for 5 years after the end of the financial year, as required by the Norwegian Bookkeeping Act (bokføringsloven).",
      ],
    },
    {
      heading: "Who we share data with, and where it is stored",
      paragraphs: [
        "We send e-mail through our e-mail provider, which acts as our data processor under a data processing agreement and may only use the data to deliver our e-mails. Card payments go to the card payment provider described above.",
        "We share nothing else unless the law requires it. All personal data is stored and processed within the EU/EEA.",
      ],
    },
    {
      heading: "Legal bases",
      paragraphs: ["We rely on these legal bases in Article 6 of the GDPR:"],
      list: [
        "Legitimate interest (Art. 6(1)(f)): answering enquiries, counting page views, security logs, server logs and keeping records that document consent.",
        "Consent (Art. 6(1)(a)): sending the newsletter. You can withdraw your consent at any time.",
        "Contract (Art. 6(1)(b)): sending you the self-assessment analysis you asked for, and delivering services and invoices to clients.",
        "Legal obligation (Art. 6(1)(c)): keeping billing records under the Bookkeeping Act.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You have the rights listed below. Write to {email} to use them. We answer within one month.",
        "If you think we handle your personal data wrongly, you can complain to Datatilsynet, the Norwegian Data Protection Authority (datatilsynet.no). We would be glad to hear from you first.",
      ],
      list: [
        "access to the personal data we hold about you",
        "rectification of incorrect data",
        "erasure of your data",
        "restriction of processing",
        "data portability",
        "objection to processing based on legitimate interest",
        "withdrawal of consent at any time, without affecting processing that took place before",
      ],
    },
    {
      heading: "Security and data breaches",
      paragraphs: [
        "We protect personal data with access control, encryption in transit and by keeping only what we need. If a personal data breach occurs, we notify Datatilsynet within 72 hours where the law requires it, and we tell you without undue delay if the breach is likely to put you at high risk.",
      ],
    },
    {
      heading: "Changes to this policy",
      paragraphs: [
        "When the way we handle personal data changes, we update this policy and the date at the top of this page. Questions are always welcome at {email}.",
      ],
    },
  ],
};
