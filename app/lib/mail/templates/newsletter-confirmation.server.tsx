import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { CallToAction, EmailLayout, Paragraph, SmallPrint, Title } from "./layout.server";

export type NewsletterConfirmationProps = {
  siteUrl: string;
  studio: StudioDetails;
  confirmUrl: string;
  unsubscribeUrl: string;
  /** How long the confirmation link works. */
  validDays: number;
};

/** Double opt-in: the link that turns a pending sign-up into a subscription. */
export function NewsletterConfirmationEmail({
  siteUrl,
  studio,
  confirmUrl,
  unsubscribeUrl,
  validDays,
}: NewsletterConfirmationProps) {
  return (
    <EmailLayout
      title="Confirm your subscription"
      preview={`Confirm your subscription to the ${studio.name} newsletter.`}
      siteUrl={siteUrl}
      studio={studio}
      unsubscribe={{ prompt: "No longer want these e-mails?", label: "Unsubscribe", url: unsubscribeUrl }}
    >
      <Title>One click to confirm</Title>
      <Paragraph>Hi,</Paragraph>
      <Paragraph>{`Someone (hopefully you) asked to receive the ${studio.name} newsletter at this address.`}</Paragraph>
      <CallToAction href={confirmUrl}>Confirm my subscription</CallToAction>
      <SmallPrint>
        The link is valid for {validDays} days. If you did not ask for this, do nothing: you will not be subscribed.
      </SmallPrint>
    </EmailLayout>
  );
}

export async function newsletterConfirmationEmail(props: NewsletterConfirmationProps) {
  return {
    subject: `Please confirm your subscription to ${props.studio.name}`,
    ...(await renderEmail(<NewsletterConfirmationEmail {...props} />)),
  };
}
