import type { GdprAnalysis } from "~/content/gdpr";
import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { CallToAction, EmailLayout, Paragraph, styles, Subtitle, TextLink, Title } from "./layout.server";

export type GdprNotificationProps = {
  /** The visitor's address, as validated and stored (emailAddressSchema). */
  email: string;
  /** The server's own scoring of the answers; area titles come from the checklist, not the visitor. */
  analysis: GdprAnalysis;
  subscribeNewsletter: boolean;
  /** The lead's page in the staff inbox, absolute (leadInboxUrl). */
  inboxUrl: string;
  siteUrl: string;
  studio: StudioDetails;
};

/** The areas with at least one "no", weakest first (ties in the checklist's order). */
function weakestAreas(analysis: GdprAnalysis) {
  return analysis.categories
    .filter((category) => category.gaps.length > 0)
    .sort((a, b) => a.scorePercent - b.scorePercent);
}

/**
 * To the studio: a GDPR checklist with an address is a sales lead. Enough to judge it
 * from the inbox list (address, score, where it is weak, the newsletter wish), and the
 * link to the lead for every answer. The body is staff copy, in bokmål, worded as on the
 * lead's page; the subject is English like the studio's other notifications.
 */
export function GdprNotificationEmail({
  email,
  analysis,
  subscribeNewsletter,
  inboxUrl,
  siteUrl,
  studio,
}: GdprNotificationProps) {
  const weak = weakestAreas(analysis);
  const score = `${analysis.scorePercent} % (${analysis.yes} av ${analysis.total} ja)`;
  return (
    <EmailLayout title="Ny GDPR-sjekkliste" preview={`${email}: ${score}`} siteUrl={siteUrl} studio={studio} signature={false}>
      <Title>{`Ny GDPR-sjekkliste fra ${email}`}</Title>
      <Paragraph>
        En besøkende har sendt GDPR-sjekklisten på nettstedet (<TextLink href={siteUrl} />
        ).
      </Paragraph>
      <Paragraph style={{ margin: "0 0 4px" }}>
        <strong>E-post:</strong> <TextLink href={`mailto:${email}`}>{email}</TextLink>
      </Paragraph>
      <Paragraph style={{ margin: "0 0 4px" }}>
        <strong>Poengsum:</strong> {score}
      </Paragraph>
      <Paragraph>
        <strong>Ba om nyhetsbrevet:</strong> {subscribeNewsletter ? "ja" : "nei"}
      </Paragraph>
      <Subtitle>Svakeste områder</Subtitle>
      {weak.length > 0 ? (
        <ul style={{ padding: "0 0 0 22px", margin: "0 0 16px" }}>
          {weak.map((area) => (
            <li key={area.id} style={{ ...styles.paragraph, margin: "0 0 6px" }}>
              {`${area.title}: ${area.scorePercent} % (${area.yes} av ${area.total})`}
            </li>
          ))}
        </ul>
      ) : (
        <Paragraph>Ingen svake områder: ja på alle spørsmålene.</Paragraph>
      )}
      <CallToAction href={inboxUrl}>Åpne henvendelsen i innboksen</CallToAction>
    </EmailLayout>
  );
}

export async function gdprNotificationEmail(props: GdprNotificationProps) {
  return {
    // Only the address comes from the visitor, and it is a validated plain address.
    subject: `New GDPR checklist: ${props.email} (${props.analysis.scorePercent} %)`.slice(0, 200),
    ...(await renderEmail(<GdprNotificationEmail {...props} />)),
  };
}
