import { Img, Section } from "@react-email/components";
import { parsePostText, type PostPictures } from "~/lib/blog/post-text/post-text";
import { absoluteDocument } from "~/lib/blog/post-text/absolute";
import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { EmailLayout, Title } from "./layout.server";
import { EmailPostText } from "./post-text.server";

export type NewsletterIssueProps = {
  siteUrl: string;
  /** The studio's details when this recipient's copy is rendered: the footer's address is the current one. */
  studio: StudioDetails;
  subject: string;
  preheader: string;
  /** The blog's text format (decision 050): one paragraph per line, headings, lists, links, pictures. */
  body: string;
  /** The library's pictures named in the body (post-text.server.ts); one not there is left out. */
  pictures?: PostPictures;
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
export function NewsletterIssueEmail({ siteUrl, studio, subject, preheader, body, pictures = {}, imageUrl, imageAlt = "", unsubscribeUrl }: NewsletterIssueProps) {
  const text = absoluteDocument(parsePostText(body).blocks, pictures, siteUrl);
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
      <EmailPostText blocks={text.blocks} pictures={text.pictures} />
    </EmailLayout>
  );
}

export async function newsletterIssueEmail(props: NewsletterIssueProps) {
  return { subject: props.subject, ...(await renderEmail(<NewsletterIssueEmail {...props} />)) };
}
