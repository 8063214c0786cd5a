import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { siteConfig } from "~/content/site";
import { type StudioDetails, streetAddressLine } from "~/lib/studio/studio-details";
import { colors } from "~/lib/platform/design-tokens";

/**
 * The frame every e-mail shares: brand header, content, signature, and a footer with
 * the studio's details. Inline styles and system fonts only: an e-mail loads nothing
 * remote (no web fonts, no images, no tracking pixels), and every link is absolute.
 * React escapes every value, so visitor input can be passed as plain strings.
 */
export const fonts = {
  body: "Helvetica, Arial, sans-serif",
  display: "Georgia, 'Times New Roman', serif",
} as const;

export const styles = {
  heading: {
    fontFamily: fonts.display,
    fontSize: "24px",
    lineHeight: "1.25",
    fontWeight: "bold",
    color: colors.ink,
    margin: "0 0 16px",
  },
  subheading: {
    fontFamily: fonts.display,
    fontSize: "19px",
    lineHeight: "1.3",
    fontWeight: "bold",
    color: colors.ink,
    margin: "28px 0 12px",
  },
  paragraph: { fontSize: "16px", lineHeight: "1.55", color: colors.ink, margin: "0 0 16px" },
  small: { fontSize: "13px", lineHeight: "1.5", color: colors.inkSoft, margin: "0 0 12px" },
  link: { color: colors.teal, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={styles.heading}>
      {children}
    </Heading>
  );
}

export function Subtitle({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={styles.subheading}>
      {children}
    </Heading>
  );
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...styles.paragraph, ...style }}>{children}</Text>;
}

export function SmallPrint({ children }: { children: ReactNode }) {
  return <Text style={styles.small}>{children}</Text>;
}

export function TextLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children ?? href}
    </Link>
  );
}

/** The call to action: a coral pill, as on the site. In the text part: the label, then the URL. */
export function CallToAction({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.coral,
          color: colors.ink,
          fontFamily: fonts.body,
          fontSize: "16px",
          fontWeight: "bold",
          textDecoration: "none",
          borderRadius: "999px",
          padding: "13px 24px",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

type LayoutProps = {
  /** The document title (what some clients show for the message). */
  title: string;
  /** The line inbox lists show after the subject. */
  preview: string;
  /** SITE_URL, without a trailing slash: the brand header links there. */
  siteUrl: string;
  /** The studio's details as they are now (getStudioDetails): the header, signature and footer. */
  studio: StudioDetails;
  /** Newsletter e-mails: a sentence and the link to leave, in the footer. */
  unsubscribe?: { prompt: string; label: string; url: string };
  /** The "— Fjord & Form" sign-off (not on internal notifications). */
  signature?: boolean;
  children: ReactNode;
};

export function EmailLayout({ title, preview, siteUrl, studio, unsubscribe, signature = true, children }: LayoutProps) {
  return (
    <Html lang={siteConfig.locale}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.cream, margin: "0", padding: "24px 12px", fontFamily: fonts.body }}>
        <Container
          style={{
            maxWidth: "600px",
            backgroundColor: colors.white,
            borderRadius: "16px",
            overflow: "hidden",
            border: `1px solid ${colors.creamDeep}`,
          }}
        >
          <Section style={{ backgroundColor: colors.teal, padding: "22px 28px" }} data-skip-in-text="true">
            <Link
              href={`${siteUrl}/`}
              style={{
                color: colors.cream,
                fontFamily: fonts.display,
                fontSize: "22px",
                fontWeight: "bold",
                textDecoration: "none",
              }}
            >
              {studio.name}
            </Link>
            <Text style={{ color: colors.greenLight, fontSize: "13px", lineHeight: "1.4", margin: "4px 0 0" }}>
              {siteConfig.tagline}
            </Text>
          </Section>

          <Section style={{ padding: "32px 28px 12px" }}>
            {children}
            {signature ? (
              <Text style={{ ...styles.paragraph, margin: "24px 0 16px" }}>
                {`— ${studio.name}`}
                <br />
                <Link href={`mailto:${studio.email}`} style={styles.link}>
                  {studio.email}
                </Link>
              </Text>
            ) : null}
          </Section>

          <Section style={{ backgroundColor: colors.creamDeep, padding: "18px 28px" }}>
            {unsubscribe ? (
              <Text style={{ ...styles.small, margin: "0 0 8px" }}>
                {`${unsubscribe.prompt} `}
                <Link href={unsubscribe.url} style={{ color: colors.inkSoft, textDecoration: "underline" }}>
                  {unsubscribe.label}
                </Link>
              </Text>
            ) : null}
            <Text style={{ ...styles.small, fontSize: "12px", margin: "0" }}>
              {`${studio.legalName} · ${streetAddressLine(studio)} · Org. no. ${studio.organisationNumber}`}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
