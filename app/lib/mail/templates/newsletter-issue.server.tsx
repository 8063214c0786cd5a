import { Img, Section } from "@react-email/components";
import { paragraphs } from "~/lib/blog/blog-format";
import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { EmailLayout, Paragraph, TextLink, Title } from "./layout.server";

/** Web addresses in the text become links to exactly that address: nothing is rewritten or tracked. */
const WEB_ADDRESS = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/;

function WithLinks({ text }: { text: string }) {
  return text
    .split(WEB_ADDRESS)
    .map((part, index) => (index % 2 === 1 ? <TextLink key={index} href={part} /> : part));
}

export type NewsletterIssueProps = {
  siteUrl: string;
  /** The studio's details when this recipient's copy is rendered: the footer's address is the current one. */
  studio: StudioDetails;
  subject: string;
  preheader: string;
  /** The blog's text format: one paragraph per line. */
  body: string;
  /** Absolute address of the featured image, or "". The same for every recipient: no tracking. */
  imageUrl: string;
  /** The image's alt text: the media library's (decision 030); "" leaves it decorative. */
  imageAlt?: string;
  /** This recipient's one-click unsubscribe link. */
  unsubscribeUrl: string;
};

/**
 * An issue of the newsletter, as subscribers see it. Links are written as they are (no
 * click tracking) and the only image is the issue's featured image, the same address for
 * everyone (no tracking pixel).
 */
export function NewsletterIssueEmail({ siteUrl, studio, subject, preheader, body, imageUrl, imageAlt = "", unsubscribeUrl }: NewsletterIssueProps) {
  return (
    <EmailLayout
      title={subject}
      preview={preheader || subject}
      siteUrl={siteUrl}
      studio={studio}
      unsubscribe={{ prompt: "No longer want these e-mails?", label: "Unsubscribe with one click", url: unsubscribeUrl }}
    >
      <Title>{subject}</Title>
      {imageUrl ? (
        <Section style={{ margin: "0 0 20px" }} data-skip-in-text="true">
          <Img src={imageUrl} alt={imageAlt} width="544" style={{ width: "100%", height: "auto", borderRadius: "12px" }} />
        </Section>
      ) : null}
      {paragraphs(body).map((paragraph, index) => (
        <Paragraph key={index}>
          <WithLinks text={paragraph} />
        </Paragraph>
      ))}
    </EmailLayout>
  );
}

export async function newsletterIssueEmail(props: NewsletterIssueProps) {
  return { subject: props.subject, ...(await renderEmail(<NewsletterIssueEmail {...props} />)) };
}
