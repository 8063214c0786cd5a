import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { AltTextForm, CopyUrl } from "~/components/staff/media-forms";
import { deleteMedia, getMediaItem, setMediaAltText } from "~/lib/media/media-library.server";
import { altTextSchema, deleteMediaSchema, describeUse, inUseMessage } from "~/lib/media/media-forms";
import { getMediaStore } from "~/lib/media/storage/media-store.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { resultFor } from "~/lib/platform/form-result";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.media.item";

/** /admin/media/:id: one image, its alt text, where it is used, and deleting it when nothing uses it. */
export const meta: Route.MetaFunction = () => staffMeta("Bilde");

export async function loader({ params }: Route.LoaderArgs) {
  const item = await getMediaItem(getDb(), params.id, getConfig().mediaBaseUrl);
  if (!item) throw data(null, { status: 404 });
  return {
    item: {
      id: item.id,
      thumb: item.thumb,
      largest: item.largest,
      altText: item.altText,
      mimeType: item.mimeType,
      sizeBytes: item.sizeBytes,
      dimensions: item.width && item.height ? `${item.width}×${item.height} px` : "ukjent",
      uploadedAt: osloDateTime(item.createdAt),
      uploadedBy: item.uploadedBy ?? "ukjent",
      uses: item.uses.map((use) => ({
        key: `${use.kind}-${use.id}-${use.place}`,
        text: describeUse(use),
        href: { post: `/blog/cms?edit=${use.id}`, issue: `/admin/newsletter/${use.id}`, case: `/admin/work/${use.id}` }[
          use.kind
        ],
      })),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const db = getDb();
  const actor = staffActor(request, context);
  switch (formData.get("intent")) {
    case "alt":
      return replyToForm(
        parseWithZod(formData, { schema: altTextSchema }),
        async ({ altText }) => {
          await setMediaAltText(db, params.id, altText, actor);
          return { message: altText ? "Alt-teksten er lagret." : "Alt-teksten er fjernet: bildet regnes som pynt." };
        },
        { intent: "alt" },
      );
    case "delete":
      return replyToForm(
        parseWithZod(formData, { schema: deleteMediaSchema }),
        async () => {
          const deleted = await deleteMedia(db, getMediaStore(), params.id, actor);
          if (deleted.kind === "in-use") return { error: inUseMessage(deleted.uses), status: 409, resetForm: true };
          return redirectWithFlash("/admin/media", { kind: "success", message: "Bildet er slettet." });
        },
        { intent: "delete" },
      );
    default:
      throw data(null, { status: 400 });
  }
}

export default function MediaItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/media">← Til mediebiblioteket</Link>
      </p>
      <h1 className="admin-title">Bilde</h1>
      <div className="media-detail">
        <img src={item.thumb} alt={item.altText} />
        <div>
          <dl className="lead-facts">
            <dt>Adresse</dt>
            <dd>
              <CopyUrl url={item.largest} />
            </dd>
            <dt>Størrelse</dt>
            <dd>
              {item.dimensions}, {(item.sizeBytes / 1024).toFixed(0)} kB ({item.mimeType})
            </dd>
            <dt>Lastet opp</dt>
            <dd>
              {item.uploadedAt} av {item.uploadedBy}
            </dd>
          </dl>
          <AltTextForm key={item.altText} defaultValue={item.altText} actionData={resultFor("alt", actionData)} />
        </div>
      </div>

      <h2 className="media-section">Brukes i</h2>
      {item.uses.length === 0 ? (
        <p>Bildet brukes ikke i noe innlegg eller nyhetsbrev.</p>
      ) : (
        <ul className="media-uses">
          {item.uses.map((use) => (
            <li key={use.key}>
              <Link to={use.href}>{use.text}</Link>
            </li>
          ))}
        </ul>
      )}

      <h2 className="media-section">Slett bildet</h2>
      {item.uses.length > 0 ? (
        <p>Bildet kan ikke slettes mens det brukes. Bytt eller fjern det i listen over først.</p>
      ) : (
        <p>Alle størrelsene av bildet slettes fra lagringen. Det kan ikke angres.</p>
      )}
      <ConfirmedActionForm
        intent="delete"
        schema={deleteMediaSchema}
        actionData={actionData}
        checkboxLabel="Jeg vil slette bildet og alle størrelsene av det"
        question="Slette bildet og alle størrelsene av det? Det kan ikke angres."
        button="Slett bildet"
        danger
      />
    </>
  );
}
