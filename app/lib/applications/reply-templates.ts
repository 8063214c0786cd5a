import type { ReplyLanguage, ReplyTemplate } from "./application-forms";

/**
 * "Svar": the answers staff start from, in bokmål and English. They are starting points:
 * the page puts the chosen one, filled in, into the form, staff edit it, and what is
 * sent is what they sent (kept on the application), not the template.
 */
type Filled = { name: string; job: string; studio: string };
type Template = { subject: (f: Filled) => string; body: (f: Filled) => string };

const first = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export const REPLY_TEXTS: Record<ReplyTemplate, Record<ReplyLanguage, Template>> = {
  thanks: {
    nb: {
      subject: (f) => `Takk for søknaden – ${f.job}`,
      body: (f) =>
        `Hei ${first(f.name)},\n\nTakk for søknaden din på stillingen ${f.job}. Vi har lest den og går nå gjennom alle søknadene. ` +
        `Du hører fra oss så snart vi vet mer.\n\nVennlig hilsen\n${f.studio}`,
    },
    en: {
      subject: (f) => `Thank you for your application – ${f.job}`,
      body: (f) =>
        `Hi ${first(f.name)},\n\nThank you for applying for ${f.job}. We have read your application and are now going through all of them. ` +
        `You will hear from us as soon as we know more.\n\nKind regards\n${f.studio}`,
    },
  },
  interview: {
    nb: {
      subject: (f) => `Invitasjon til intervju – ${f.job}`,
      body: (f) =>
        `Hei ${first(f.name)},\n\nTakk for søknaden på ${f.job}. Vi vil gjerne bli bedre kjent med deg og inviterer deg til et intervju. ` +
        `Passer det [dag og klokkeslett] hos oss i [adresse], eller på video?\n\nSvar gjerne på denne e-posten.\n\nVennlig hilsen\n${f.studio}`,
    },
    en: {
      subject: (f) => `Invitation to an interview – ${f.job}`,
      body: (f) =>
        `Hi ${first(f.name)},\n\nThank you for applying for ${f.job}. We would like to get to know you better and invite you to an interview. ` +
        `Would [day and time] at [address], or by video, suit you?\n\nJust reply to this e-mail.\n\nKind regards\n${f.studio}`,
    },
  },
  rejection: {
    nb: {
      subject: (f) => `Svar på søknaden din – ${f.job}`,
      body: (f) =>
        `Hei ${first(f.name)},\n\nTakk for interessen for ${f.job} og for tiden du brukte på søknaden. ` +
        `Vi har valgt å gå videre med andre kandidater denne gangen.\n\n` +
        `Søknaden din og CV-en slettes hos oss innen fristen vi oppga da du søkte.\n\nLykke til videre!\n\nVennlig hilsen\n${f.studio}`,
    },
    en: {
      subject: (f) => `Your application – ${f.job}`,
      body: (f) =>
        `Hi ${first(f.name)},\n\nThank you for your interest in ${f.job} and for the time you spent on your application. ` +
        `We have decided to go ahead with other candidates this time.\n\n` +
        `Your application and CV will be deleted by the date we gave when you applied.\n\nBest of luck!\n\nKind regards\n${f.studio}`,
    },
  },
};

export function fillReply(template: ReplyTemplate, language: ReplyLanguage, filled: Filled) {
  const text = REPLY_TEXTS[template][language];
  return { subject: text.subject(filled), body: text.body(filled) };
}
