import { data, Link } from "react-router";
import { isPageKey, pageDefinition } from "~/lib/pages/page-registry";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.pages.page.preview";

/**
 * /admin/pages/:page/preview: the real page rendered with its draft, at phone and desktop
 * width, in frames of `{path}?preview=draft` (staff only, never cached, noindex; the one
 * kind of answer this site lets itself frame: server/security.ts).
 */
export const meta: Route.MetaFunction = ({ data }) => staffMeta(data ? `Forhåndsvisning: ${data.label}` : "Forhåndsvisning");

export function loader({ params }: Route.LoaderArgs) {
  if (!isPageKey(params.page)) throw data(null, { status: 404 });
  const definition = pageDefinition(params.page);
  return { key: definition.key, label: definition.label, src: `${definition.path}?preview=draft` };
}

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const { key, label, src } = loaderData;
  return (
    <>
      <p>
        <Link to={`/admin/pages/${key}`}>← Tilbake til redigering</Link>
      </p>
      <div className="admin-head">
        <h1 className="admin-title">Forhåndsvisning: {label}</h1>
        <a className="button button-small button-ghost" href={src} target="_blank" rel="noopener">
          Åpne i egen fane
        </a>
      </div>
      <p className="field-hint">Siden med det lagrede utkastet, slik den vil se ut når den er publisert. Bare ansatte ser den.</p>
      <div className="page-preview">
        <figure className="page-preview-phone">
          <figcaption>Mobil (375 px)</figcaption>
          <iframe src={src} title={`${label} på mobil`} width={375} height={720} />
        </figure>
        <figure className="page-preview-desktop">
          <figcaption>Skrivebord (1440 px, vist i halv størrelse)</figcaption>
          <div className="page-preview-scaler">
            <iframe src={src} title={`${label} på skrivebord`} width={1440} height={1400} />
          </div>
        </figure>
      </div>
    </>
  );
}
