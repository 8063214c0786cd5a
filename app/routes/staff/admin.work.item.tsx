import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { PortfolioDeleteForm, PortfolioForm } from "~/components/staff/portfolio-form";
import { showcaseFileUrl } from "~/lib/showcase/showcase-media";
import { getMediaStore } from "~/lib/media/storage/media-store.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { seoOfRow } from "~/lib/seo/seo.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { multipartBoundary } from "~/lib/platform/multipart.server";
import { deletePortfolioItem, getPortfolioItem } from "~/lib/showcase/portfolio-admin.server";
import { savePortfolioFromRequest } from "~/lib/showcase/portfolio-request.server";
import { portfolioDeleteSchema, STATUS_LABELS } from "~/lib/showcase/showcase-forms";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.work.item";

/**
 * /admin/work/new: a new showcase item; /admin/work/:id: edit one (its form is multipart),
 * or delete it (confirmed). One module for both: every route costs the wizards' JavaScript
 * budget a manifest entry.
 */
export const meta: Route.MetaFunction = ({ data }) => staffMeta(data?.item ? `Rediger: ${data.item.title}` : "Nytt prosjekt");

const NEW = "new";

export async function loader({ params }: Route.LoaderArgs) {
  const config = getConfig();
  const videoMaxMb = config.videoMaxBytes / (1024 * 1024);
  // The library's images, for the share image (decision 056).
  const media = await mediaChoices(getDb(), config.mediaBaseUrl);
  if (params.id === NEW) return { item: null, defaults: undefined, videoMaxMb, media, galleryNow: [] };
  const item = await getPortfolioItem(getDb(), params.id);
  if (!item) throw data(null, { status: 404 });
  return {
    item: {
      id: item.id,
      title: item.title,
      slug: item.slug,
      status: item.status,
      video: item.videoMp4,
      webm: Boolean(item.videoWebm),
      posterUrl: showcaseFileUrl(config.mediaBaseUrl, item.poster),
    },
    defaults: {
      title: item.title,
      slug: item.slug,
      client: item.client,
      services: item.services,
      result: item.result,
      summary: item.summary,
      challenge: item.challenge,
      approach: item.approach,
      outcome: item.outcome,
      posterAlt: item.posterAlt,
      featured: item.featured,
      published: item.status === "published",
      year: item.year === null ? "" : String(item.year),
      duration: item.duration,
      stack: item.stack.join(", "),
      credits: item.credits.map((credit) => `${credit.role} | ${credit.name}`).join("\n"),
      figures: item.figures.map((figure) => `${figure.value} | ${figure.label}`).join("\n"),
      gallery: item.gallery,
      ...seoOfRow(item),
    },
    galleryNow: item.gallery.map((image) => ({ src: image.src, url: showcaseFileUrl(config.mediaBaseUrl, image.src) })),
    videoMaxMb,
    media,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (params.id === NEW) return savePortfolioFromRequest(request, context);
  // The edit form streams files (multipart); the delete form is a plain form.
  if (multipartBoundary(request.headers.get("content-type"))) return savePortfolioFromRequest(request, context, params.id);
  const submission = parseWithZod(await request.formData(), { schema: portfolioDeleteSchema });
  if (submission.status !== "success") return data({ deleteResult: submission.reply() }, 400);
  const deleted = await deletePortfolioItem(getDb(), getMediaStore(), params.id, staffActor(request, context));
  if (!deleted) throw data(null, { status: 404 });
  return redirectWithFlash("/admin/work", { kind: "success", message: `«${deleted.title}» er slettet.` });
}

export default function PortfolioItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, defaults, videoMaxMb, media, galleryNow } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  if (!item) {
    return (
      <>
        <p>
          <Link to="/admin/work">← Til arbeidet</Link>
        </p>
        <h1 className="admin-title">Nytt prosjekt</h1>
        <PortfolioForm lastResult={lastResult} media={media} videoMaxMb={videoMaxMb} submitLabel="Lagre prosjektet" />
      </>
    );
  }
  return (
    <>
      <p>
        <Link to="/admin/work">← Til arbeidet</Link>
      </p>
      <div className="admin-head">
        <h1 className="admin-title">{item.title}</h1>
        {item.status === "published" ? (
          <a className="button button-small button-ghost" href={`/work/${item.slug}`}>
            Se på nettstedet
          </a>
        ) : (
          <span className="badge">{STATUS_LABELS.draft}</span>
        )}
      </div>
      <PortfolioForm
        key={item.id}
        defaults={defaults}
        lastResult={lastResult}
        current={{ video: item.video, webm: item.webm, posterUrl: item.posterUrl }}
        media={media}
        galleryNow={galleryNow}
        videoMaxMb={videoMaxMb}
        submitLabel="Lagre endringene"
      />
      <section className="admin-panel lead-danger" aria-labelledby="portfolio-delete">
        <h2 id="portfolio-delete">Slett prosjektet</h2>
        <PortfolioDeleteForm
          title={item.title}
          lastResult={actionData && "deleteResult" in actionData ? actionData.deleteResult : undefined}
        />
      </section>
    </>
  );
}
