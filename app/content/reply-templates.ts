import type { ReplyLanguage, ReplyTemplate } from "~/lib/applications/application-forms";

/**
 * The "Svar" templates as they were in code: the seeds of the stored templates (decision
 * 064), written once as version 1 by the seed set "application-reply-templates-v1".
 * Placeholders are filled when a reply is written (lib/applications/reply-templates.ts).
 * Never edit these to change what staff send: edit the templates on
 * /admin/applications/templates; a change here reaches only a new database.
 */
export type ReplyText = { subject: string; body: string };

export const REPLY_SEEDS: Record<ReplyTemplate, Record<ReplyLanguage, ReplyText>> = {
  thanks: {
    nb: {
      subject: "Takk for søknaden – {job}",
      body:
        "Hei {firstName},\n\nTakk for søknaden din på stillingen {job}. Vi har lest den og går nå gjennom alle søknadene. " +
        "Du hører fra oss så snart vi vet mer.\n\nVennlig hilsen\n{studio}",
    },
    en: {
      subject: "Thank you for your application – {job}",
      body:
        "Hi {firstName},\n\nThank you for applying for {job}. We have read your application and are now going through all of them. " +
        "You will hear from us as soon as we know more.\n\nKind regards\n{studio}",
    },
  },
  interview: {
    nb: {
      subject: "Invitasjon til intervju – {job}",
      body:
        "Hei {firstName},\n\nTakk for søknaden på {job}. Vi vil gjerne bli bedre kjent med deg og inviterer deg til et intervju. " +
        "Passer det [dag og klokkeslett] hos oss i [adresse], eller på video?\n\nSvar gjerne på denne e-posten.\n\nVennlig hilsen\n{studio}",
    },
    en: {
      subject: "Invitation to an interview – {job}",
      body:
        "Hi {firstName},\n\nThank you for applying for {job}. We would like to get to know you better and invite you to an interview. " +
        "Would [day and time] at [address], or by video, suit you?\n\nJust reply to this e-mail.\n\nKind regards\n{studio}",
    },
  },
  rejection: {
    nb: {
      subject: "Svar på søknaden din – {job}",
      body:
        "Hei {firstName},\n\nTakk for interessen for {job} og for tiden du brukte på søknaden. " +
        "Vi har valgt å gå videre med andre kandidater denne gangen.\n\n" +
        "Søknaden din og CV-en slettes hos oss innen fristen vi oppga da du søkte.\n\nLykke til videre!\n\nVennlig hilsen\n{studio}",
    },
    en: {
      subject: "Your application – {job}",
      body:
        "Hi {firstName},\n\nThank you for your interest in {job} and for the time you spent on your application. " +
        "We have decided to go ahead with other candidates this time.\n\n" +
        "Your application and CV will be deleted by the date we gave when you applied.\n\nBest of luck!\n\nKind regards\n{studio}",
    },
  },
};

