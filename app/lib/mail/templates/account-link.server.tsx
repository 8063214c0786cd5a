import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { CallToAction, EmailLayout, Paragraph, SmallPrint, TextLink, Title } from "./layout.server";

/**
 * The e-mails that carry a one-time link about a staff account: an invitation, a
 * password reset, the confirmation of a new address. One frame; the texts differ. The
 * invitation and the new address are staff copy (bokmål); the reset follows the English
 * sign-in pages it comes from.
 */
type AccountLinkProps = {
  siteUrl: string;
  studio: StudioDetails;
  title: string;
  preview: string;
  greeting: string;
  paragraphs: string[];
  action: string;
  url: string;
  /** How long the link works, and what to do if the mail was unexpected. */
  smallPrint: string;
  /** "Or open this address:" in the mail's language. */
  fallback: string;
};

export function AccountLinkEmail(props: AccountLinkProps) {
  return (
    <EmailLayout title={props.title} preview={props.preview} siteUrl={props.siteUrl} studio={props.studio}>
      <Title>{props.title}</Title>
      <Paragraph>{props.greeting}</Paragraph>
      {props.paragraphs.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
      <CallToAction href={props.url}>{props.action}</CallToAction>
      <SmallPrint>
        {`${props.fallback} `}
        <TextLink href={props.url} />
      </SmallPrint>
      <SmallPrint>{props.smallPrint}</SmallPrint>
    </EmailLayout>
  );
}

async function render(subject: string, props: AccountLinkProps) {
  return { subject: `${props.studio.name}: ${subject}`, ...(await renderEmail(<AccountLinkEmail {...props} />)) };
}

export function staffInvitationEmail(input: { siteUrl: string; studio: StudioDetails; url: string; name: string; invitedBy: string }) {
  return render("Du er invitert til bakrommet", {
    siteUrl: input.siteUrl,
    studio: input.studio,
    url: input.url,
    title: "Velkommen til teamet",
    preview: `${input.invitedBy} har invitert deg til ${input.studio.name} sitt bakrom.`,
    greeting: `Hei ${input.name},`,
    paragraphs: [
      `${input.invitedBy} har laget en konto til deg i ${input.studio.name} sitt bakrom (blogg, stillinger, innboks).`,
      "Velg et passord på minst 12 tegn, så er du logget inn.",
    ],
    action: "Velg passord",
    fallback: "Eller åpne denne adressen:",
    smallPrint: "Lenken virker i 72 timer og bare én gang. Ventet du ikke denne e-posten, kan du se bort fra den.",
  });
}

export function passwordResetEmail(input: { siteUrl: string; studio: StudioDetails; url: string }) {
  return render("Set a new password", {
    siteUrl: input.siteUrl,
    studio: input.studio,
    url: input.url,
    title: "Set a new password",
    preview: "A link to set a new password for your staff account.",
    greeting: "Hi,",
    paragraphs: ["Someone (hopefully you) asked to set a new password for the staff account at this address."],
    action: "Set a new password",
    fallback: "Or open this address:",
    smallPrint:
      "The link works once, for 30 minutes. If you did not ask for it, do nothing: your password stays as it is.",
  });
}

export function emailChangeEmail(input: { siteUrl: string; studio: StudioDetails; url: string; name: string }) {
  return render("Bekreft den nye e-postadressen", {
    siteUrl: input.siteUrl,
    studio: input.studio,
    url: input.url,
    title: "Bekreft den nye e-postadressen",
    preview: "Bekreft at kontoen din skal bruke denne adressen.",
    greeting: `Hei${input.name ? ` ${input.name}` : ""},`,
    paragraphs: [
      "Du har bedt om å bruke denne adressen for kontoen din i bakrommet. Den tas i bruk når du bekrefter.",
    ],
    action: "Bekreft adressen",
    fallback: "Eller åpne denne adressen:",
    smallPrint: "Lenken virker i 24 timer og bare én gang. Ba du ikke om dette, kan du se bort fra e-posten.",
  });
}
