import { data, Form, useNavigation } from "react-router";
import { formatShortDate } from "~/lib/blog/blog-format";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { deleteMedia, listMedia } from "~/lib/media/media-library.server";
import { getMediaStore } from "~/lib/media/storage/media-store.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.media";

export const meta: Route.MetaFunction = () => staffMeta("Media");

// Loader and action run for signed-in staff only: the staff layout's middleware
// (routes/staff/guarded.ts) has checked the session before either.
export async function loader() {
  return { items: await listMedia(getDb(), getConfig().mediaBaseUrl) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "delete") return data({ message: "Unknown action" }, 400);
  const result = await deleteMedia(getDb(), getMediaStore(), String(form.get("id") ?? ""), staffActor(request, context));
  switch (result.status) {
    case "deleted":
      return { message: "Image deleted." };
    case "missing":
      return data({ message: "That image no longer exists." }, 404);
    case "in-use":
      return data({ message: `The image is used by ${result.posts.map((t) => `“${t}”`).join(", ")}: change those first.` }, 409);
  }
}

export default function Media({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <h1 className="admin-title">Media</h1>
      <p>Images uploaded from the blog editor. Copy an address to use it in a post.</p>
      {actionData?.message ? (
        <p className="auth-message success" role="status">
          {actionData.message}
        </p>
      ) : null}
      {loaderData.items.length === 0 ? (
        <p className="empty">No images uploaded yet.</p>
      ) : (
        <ul className="media-grid">
          {loaderData.items.map((item) => (
            <li key={item.id}>
              <img src={item.thumb} alt="" width={240} height={160} loading="lazy" />
              <code>{item.largest}</code>
              <small>
                {item.width}×{item.height} · {(item.sizeBytes / 1024 / 1024).toFixed(2)} MB ·{" "}
                {formatShortDate(item.createdAt)}
              </small>
              <Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm("Delete this image and all its sizes? This cannot be undone.")) event.preventDefault();
                }}
              >
                <input type="hidden" name="id" value={item.id} />
                <button type="submit" name="intent" value="delete" className="button button-small button-danger" disabled={busy}>
                  Delete<span className="visually-hidden"> {item.largest}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
