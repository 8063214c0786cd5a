import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { colors } from "~/lib/platform/design-tokens";
import { CallToAction, EmailLayout, Paragraph, SmallPrint, TextLink, Title } from "./layout.server";

/**
 * The author's answer to "Send til godkjenning" (docs/decisions/066): published (or
 * scheduled), or sent back with the reviewer's comment. Staff copy, bokmål; internal, so
 * no sign-off. The comment is the reviewer's own text, kept as written (React escapes it;
 * its line breaks become paragraphs).
 */
type Props = {
  siteUrl: string;
  studio: StudioDetails;
  title: string;
  preview: string;
  name: string;
  paragraphs: string[];
  comment?: string;
  action: string;
  url: string;
};

function PostReviewEmail(props: Props) {
  return (
    <EmailLayout title={props.title} preview={props.preview} siteUrl={props.siteUrl} studio={props.studio} signature={false}>
      <Title>{props.title}</Title>
      <Paragraph>{`Hei${props.name ? ` ${props.name}` : ""},`}</Paragraph>
      {props.paragraphs.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
      {props.comment
        ? props.comment
            .split(/\r?\n/)
            .filter((line) => line.trim())
            .map((line, index) => (
              <Paragraph key={index} style={{ borderLeft: `3px solid ${colors.creamDeep}`, paddingLeft: "12px" }}>
                {line}
              </Paragraph>
            ))
        : null}
      <CallToAction href={props.url}>{props.action}</CallToAction>
      <SmallPrint>
        {"Eller åpne denne adressen: "}
        <TextLink href={props.url} />
      </SmallPrint>
    </EmailLayout>
  );
}

type Input = { siteUrl: string; studio: StudioDetails; name: string; postTitle: string; reviewer: string };

async function render(subject: string, props: Props) {
  return { subject: `${props.studio.name}: ${subject}`, ...(await renderEmail(<PostReviewEmail {...props} />)) };
}

/** Published at once (`url`: the public post) or scheduled (`scheduledFor`: "7. des. 2026 kl. 08:00"). */
export function postApprovedEmail(input: Input & { url: string; scheduledFor?: string }) {
  const what = input.scheduledFor ? `planlagt publisert ${input.scheduledFor}` : "publisert";
  return render(`«${input.postTitle}» er ${input.scheduledFor ? "godkjent" : "publisert"}`, {
    siteUrl: input.siteUrl,
    studio: input.studio,
    title: input.scheduledFor ? "Innlegget ditt er godkjent" : "Innlegget ditt er publisert",
    preview: `${input.reviewer} har godkjent «${input.postTitle}».`,
    name: input.name,
    paragraphs: [`${input.reviewer} har godkjent «${input.postTitle}», og det er ${what}.`],
    action: input.scheduledFor ? "Se innlegget i bakrommet" : "Les innlegget",
    url: input.url,
  });
}

/** Sent back: the reviewer's comment, and the editor's address to change the post and send it again. */
export function postReturnedEmail(input: Input & { url: string; comment: string }) {
  return render(`«${input.postTitle}» er sendt tilbake`, {
    siteUrl: input.siteUrl,
    studio: input.studio,
    title: "Innlegget ditt er sendt tilbake",
    preview: `${input.reviewer} har en kommentar til «${input.postTitle}».`,
    name: input.name,
    paragraphs: [
      `${input.reviewer} har sett på «${input.postTitle}» og sendt det tilbake til deg med denne kommentaren:`,
    ],
    comment: input.comment,
    action: "Rediger innlegget",
    url: input.url,
  });
}

type PageInput = { siteUrl: string; studio: StudioDetails; name: string; pageLabel: string; reviewer: string; url: string };

/** A page draft sent for review was published (decision 071): `url` is the public page. */
export function pageApprovedEmail(input: PageInput) {
  return render(`Endringene på «${input.pageLabel}» er publisert`, {
    siteUrl: input.siteUrl,
    studio: input.studio,
    title: "Sideutkastet ditt er publisert",
    preview: `${input.reviewer} har publisert endringene på «${input.pageLabel}».`,
    name: input.name,
    paragraphs: [`${input.reviewer} har godkjent utkastet til «${input.pageLabel}», og det er publisert.`],
    action: "Se siden",
    url: input.url,
  });
}

/** A page draft sent back with the reviewer's comment; `url` is the page editor. */
export function pageReturnedEmail(input: PageInput & { comment: string }) {
  return render(`Utkastet til «${input.pageLabel}» er sendt tilbake`, {
    siteUrl: input.siteUrl,
    studio: input.studio,
    title: "Sideutkastet ditt er sendt tilbake",
    preview: `${input.reviewer} har en kommentar til «${input.pageLabel}».`,
    name: input.name,
    paragraphs: [
      `${input.reviewer} har sett på utkastet til «${input.pageLabel}» og sendt det tilbake til deg med denne kommentaren:`,
    ],
    comment: input.comment,
    action: "Rediger siden",
    url: input.url,
  });
}
