import { LegalDocument } from "~/components/legal-document";
import { privacyPage } from "~/content/legal";
import { pageMeta } from "~/lib/site/seo";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/privacy";

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = privacyPage(studioFrom(matches));
  return pageMeta({ title: page.title, description: page.metaDescription, path: "/privacy", matches });
};

// The studio's facts in the text are its details as staff keep them (root loader).
export default function Privacy({ matches }: Route.ComponentProps) {
  return <LegalDocument page={privacyPage(studioFrom(matches))} />;
}
