import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { CallToAction, EmailLayout, Paragraph, SmallPrint, TextLink, Title } from "./layout.server";

/**
 * "Ny innlogging fra en ukjent nettleser" (decision 067): staff copy in bokmål, in the frame
 * of the other account e-mails. It says when, which browser and roughly which network, and
 * where to end the session; it carries no code or link that signs anyone in.
 */
type NewBrowserProps = {
  siteUrl: string;
  studio: StudioDetails;
  name: string;
  email: string;
  /** "27. november 2026 kl. 08:12", Oslo time. */
  when: string;
  /** "Chrome på Windows". */
  browser: string;
  /** "203.0.113.x". */
  network: string;
  /** The sessions page. */
  url: string;
};

export function NewBrowserEmail(props: NewBrowserProps) {
  return (
    <EmailLayout
      title="Ny innlogging"
      preview={`Kontoen din ble logget inn fra ${props.browser}.`}
      siteUrl={props.siteUrl}
      studio={props.studio}
    >
      <Title>Ny innlogging fra en ny nettleser</Title>
      <Paragraph>{`Hei${props.name ? ` ${props.name}` : ""},`}</Paragraph>
      <Paragraph>
        {`Kontoen din (${props.email}) i ${props.studio.name} sitt bakrom ble logget inn fra en nettleser den ikke har brukt før:`}
      </Paragraph>
      <Paragraph>
        {`Når: ${props.when}`}
        <br />
        {`Nettleser: ${props.browser}`}
        <br />
        {`Nettverk: ${props.network} (omtrentlig)`}
      </Paragraph>
      <Paragraph>Var det deg, trenger du ikke gjøre noe.</Paragraph>
      <CallToAction href={props.url}>Var ikke dette deg? Avslutt økten og bytt passord</CallToAction>
      <SmallPrint>
        {"Eller åpne denne adressen: "}
        <TextLink href={props.url} />
      </SmallPrint>
      <SmallPrint>Kommer du ikke inn, si fra til en administrator med en gang.</SmallPrint>
    </EmailLayout>
  );
}

export async function newBrowserEmail(props: NewBrowserProps) {
  return {
    subject: `${props.studio.name}: Ny innlogging fra ${props.browser}`,
    ...(await renderEmail(<NewBrowserEmail {...props} />)),
  };
}
