import type { StudioDetails } from "~/lib/studio/studio-details";
import { colors } from "~/lib/platform/design-tokens";
import { renderEmail } from "../render.server";
import { CallToAction, EmailLayout, Paragraph, SmallPrint, styles, Title } from "./layout.server";

/**
 * The three e-mails about a job application (decision 057): the candidate's receipt,
 * the studio's notification (a link to the application, never the CV: a CV attached to
 * a mail would live on in mailboxes past the day we promise to delete it), and a reply
 * staff wrote ("Svar"). What the candidate typed is shown escaped, after our own text.
 */
type Base = { siteUrl: string; studio: StudioDetails };

export type ApplicationReceiptProps = Base & {
  name: string;
  jobTitle: string;
  cvName: string;
  /** "5 June 2027": when it is erased, as things stand now. */
  keptUntil: string;
  /** The listing's retention: how long after it closes, if it is still open at keptUntil. */
  months: number;
};

export function ApplicationReceiptEmail({
  siteUrl,
  studio,
  name,
  jobTitle,
  cvName,
  keptUntil,
  months,
}: ApplicationReceiptProps) {
  return (
    <EmailLayout
      title="We received your application"
      preview={`We received your application for ${jobTitle}.`}
      siteUrl={siteUrl}
      studio={studio}
    >
      <Title>We received your application</Title>
      <Paragraph>{`Hi ${name},`}</Paragraph>
      <Paragraph>
        {`Thank you for applying for ${jobTitle} at ${studio.name}. We received your details, your letter and your CV (${cvName}). ` +
          "We read every application and will answer you."}
      </Paragraph>
      <Paragraph>
        {`We keep your application and CV until ${keptUntil}, or until ${months} months after the listing closes if that is later, ` +
          "and then delete them. To have them deleted sooner, or to get a copy, reply to this e-mail."}
      </Paragraph>
      <SmallPrint>If you did not apply, reply to this e-mail and we will delete the application.</SmallPrint>
    </EmailLayout>
  );
}

export async function applicationReceiptEmail(props: ApplicationReceiptProps) {
  return {
    subject: `We received your application – ${props.studio.name}`,
    ...(await renderEmail(<ApplicationReceiptEmail {...props} />)),
  };
}

export type ApplicationNotificationProps = Base & {
  name: string;
  email: string;
  jobTitle: string;
  applicationUrl: string;
};

export function ApplicationNotificationEmail({
  siteUrl,
  studio,
  name,
  email,
  jobTitle,
  applicationUrl,
}: ApplicationNotificationProps) {
  return (
    <EmailLayout
      title="Ny søknad"
      preview={`Ny søknad på ${jobTitle}`}
      siteUrl={siteUrl}
      studio={studio}
      signature={false}
    >
      <Title>{`Ny søknad på ${jobTitle}`}</Title>
      <Paragraph>{`Fra ${name} (${email}).`}</Paragraph>
      <Paragraph>CV-en og brevet ligger i søknaden, bare for innloggede i staben.</Paragraph>
      <CallToAction href={applicationUrl}>Åpne søknaden</CallToAction>
    </EmailLayout>
  );
}

export async function applicationNotificationEmail(props: ApplicationNotificationProps) {
  return {
    subject: `Ny søknad: ${props.jobTitle}`.slice(0, 200),
    ...(await renderEmail(<ApplicationNotificationEmail {...props} />)),
  };
}

export type ApplicationReplyProps = Base & { subject: string; body: string };

/** Staff's own words, as they edited them: the text kept exactly as typed (a `<pre>`). */
export function ApplicationReplyEmail({ siteUrl, studio, subject, body }: ApplicationReplyProps) {
  return (
    <EmailLayout title={subject} preview={subject} siteUrl={siteUrl} studio={studio} signature={false}>
      <pre
        style={{
          ...styles.paragraph,
          fontFamily: "inherit",
          whiteSpace: "pre-wrap",
          wordBreak: "break-word",
          color: colors.ink,
        }}
      >
        {body}
      </pre>
    </EmailLayout>
  );
}

export async function applicationReplyEmail(props: ApplicationReplyProps) {
  return { subject: props.subject, ...(await renderEmail(<ApplicationReplyEmail {...props} />)) };
}
