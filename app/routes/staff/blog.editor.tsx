import { useEffect, useId, useRef, useState } from "react";
import { Link, useBlocker, useNavigate, useNavigation } from "react-router";
import { MediaPicker } from "~/components/staff/media-picker";
import { getPostById } from "~/lib/blog/blog.server";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { ALT_TEXT_MAX_LENGTH, uploadAltSchema } from "~/lib/media/media-forms";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";

import { slugify } from "~/lib/platform/slug";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/blog.editor";

export const meta: Route.MetaFunction = () => staffMeta("Blogginnlegg");

export async function loader({ request }: Route.LoaderArgs) {
  const editId = new URL(request.url).searchParams.get("edit");
  // The library's images, for the picker beside the upload.
  const media = await mediaChoices(getDb(), getConfig().mediaBaseUrl);
  if (!editId) return { mode: "create" as const, post: null, loadError: null, media };
  const post = await getPostById(getDb(), editId);
  if (!post) return { mode: "edit" as const, post: null, loadError: "Fant ikke blogginnlegget", media };
  return { mode: "edit" as const, post, loadError: null, media };
}

const MAX_UPLOAD = 5 * 1024 * 1024;
const IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"];

type Fields = {
  title: string;
  excerpt: string;
  author: string;
  featured_image: string;
  featured: boolean;
  content: string;
  slug: string;
  created_at: string;
};

/** The value for a datetime-local input, in the browser's time zone. */
function toLocalInput(value: string | Date) {
  const date = new Date(value);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export default function Editor({ loaderData }: Route.ComponentProps) {
  const { mode, post, loadError, media } = loaderData;
  const navigate = useNavigate();
  const loading = useNavigation().state === "loading";
  const initial: Fields = {
    title: post?.title ?? "",
    excerpt: post?.excerpt ?? "",
    author: post?.author ?? "",
    featured_image: post?.featured_image ?? "",
    featured: post?.featured ?? false,
    content: post?.content ?? "",
    slug: post?.slug ?? "",
    created_at: "",
  };
  const [fields, setFields] = useState<Fields>(initial);
  const [slugEdited, setSlugEdited] = useState(mode === "edit");
  const [busy, setBusy] = useState<null | "save" | "upload">(null);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [unauthorized, setUnauthorized] = useState(false);
  const [saved, setSaved] = useState(false);
  // The alt text of the next upload (required, decision 030), and what was uploaded with it.
  const [uploadAlt, setUploadAlt] = useState("");
  const [uploadAltError, setUploadAltError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<{ path: string; alt: string } | null>(null);
  const uploadAltInput = useRef<HTMLInputElement>(null);
  // Set just before leaving after a save, so the unsaved-changes guard lets us go.
  const leaving = useRef(false);
  const ids = {
    title: useId(),
    excerpt: useId(),
    author: useId(),
    image: useId(),
    file: useId(),
    alt: useId(),
    altError: useId(),
    content: useId(),
    slug: useId(),
    date: useId(),
  };
  const dirty = !saved && JSON.stringify(fields) !== JSON.stringify(initial);

  // An edit link to a post that is gone: an alert "Feil ved henting av blogginnlegg: …", then back to the list.
  useEffect(() => {
    if (!loadError) return;
    window.alert(`Feil ved henting av blogginnlegg: ${loadError}`);
    navigate("/blog/manage");
  }, [loadError, navigate]);

  // Unsaved changes are not lost by a stray click or a closed tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("Du har endringer som ikke er lagret. Vil du forlate siden?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const slug = slugEdited ? fields.slug : slugify(fields.title);

  async function save(published: boolean) {
    setMessage(null);
    setBusy("save");
    try {
      const response = await fetch(mode === "edit" ? `/api/blog-edit?id=${post!.id}` : "/api/blog", {
        method: mode === "edit" ? "PUT" : "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          ...fields,
          slug: slugEdited ? fields.slug : "",
          // datetime-local has no zone: send the instant the person meant.
          created_at: fields.created_at ? new Date(fields.created_at).toISOString() : "",
          published,
        }),
      });
      if (response.status === 401) {
        setUnauthorized(true);
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok) throw new Error(body.error || response.statusText || `HTTP ${response.status}`);
      setSaved(true);
      leaving.current = true;
      const toast =
        mode === "edit" ? "Blogginnlegg oppdatert!" : published ? "Blogginnlegg publisert!" : "Utkast lagret!";
      navigate("/blog/manage", { state: { toast } });
    } catch (error) {
      setMessage({
        kind: "error",
        text: `Feil ved lagring: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File) {
    setMessage(null);
    const alt = uploadAltSchema.safeParse(uploadAlt);
    if (!alt.success) {
      setUploadAltError(alt.error.issues[0]?.message ?? "Skriv en alternativ tekst som beskriver bildet.");
      uploadAltInput.current?.focus();
      return;
    }
    setUploadAltError(null);
    if (!IMAGE_TYPES.includes(file.type)) {
      setMessage({
        kind: "error",
        text: `Invalid file type: ${file.type || "unknown"}. Only JPEG, PNG, GIF, and WebP images are allowed.`,
      });
      return;
    }
    if (file.size > MAX_UPLOAD) {
      setMessage({
        kind: "error",
        text: `File too large: ${(file.size / 1024 / 1024).toFixed(2)}MB. Maximum size is 5MB.`,
      });
      return;
    }
    setBusy("upload");
    try {
      const form = new FormData();
      form.append("image", file);
      form.append("alt", alt.data);
      const response = await fetch("/api/upload-image", { method: "POST", body: form });
      const body = (await response.json().catch(() => ({}))) as { error?: string; data?: { url?: string } };
      if (response.status === 401) return setUnauthorized(true);
      if (!response.ok || !body.data?.url) throw new Error(body.error || `HTTP ${response.status}`);
      set("featured_image", body.data.url);
      setUploaded({ path: body.data.url, alt: alt.data });
      setUploadAlt("");
      setMessage({ kind: "success", text: "Image uploaded successfully!" });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // The server's own messages are already complete sentences.
      setMessage({
        kind: "error",
        text: /^(Invalid file type|File too large|Failed to upload image)/.test(text)
          ? text
          : `Failed to upload image: ${text}`,
      });
    } finally {
      setBusy(null);
    }
  }

  if (unauthorized) {
    return (
      <section className="container narrow notice-page" lang="nb">
        <h1>Ikke autorisert</h1>
        <p className="lead">Økten din er utløpt. Endringene er ikke lagret.</p>
        <Link to="/" className="button">
          Til forsiden
        </Link>
      </section>
    );
  }

  const saveLabel =
    busy === "save" ? (mode === "edit" ? "Oppdaterer..." : "Publiserer...") : loading ? "Laster..." : null;
  return (
    <div className="container admin" lang="nb">
      <div className="admin-head">
        <h1 className="admin-title">{mode === "edit" ? "Rediger innlegg" : "Nytt innlegg"}</h1>
        <Link to="/blog/manage">← Tilbake til oversikten</Link>
      </div>
      {message ? (
        <p className={`auth-message ${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
      <form
        className="cms-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save(true);
        }}
      >
        <label htmlFor={ids.title}>Tittel (Title) *</label>
        <input
          id={ids.title}
          required
          maxLength={200}
          value={fields.title}
          onChange={(e) => set("title", e.target.value)}
        />
        <label htmlFor={ids.slug}>Slug</label>
        <input
          id={ids.slug}
          value={slug}
          onChange={(e) => {
            setSlugEdited(true);
            set("slug", e.target.value);
          }}
        />
        <p className="field-hint">/blog/{slugify(slug) || "…"}</p>
        <label htmlFor={ids.excerpt}>Utdrag (Excerpt) *</label>
        <textarea
          id={ids.excerpt}
          required
          rows={2}
          maxLength={500}
          value={fields.excerpt}
          onChange={(e) => set("excerpt", e.target.value)}
        />
        <label htmlFor={ids.author}>Forfatter (Author) *</label>
        <input
          id={ids.author}
          required
          maxLength={120}
          value={fields.author}
          onChange={(e) => set("author", e.target.value)}
        />
        <label htmlFor={ids.image}>Fremhevet bilde (Featured image URL)</label>
        <input
          id={ids.image}
          value={fields.featured_image}
          placeholder="https://… eller last opp"
          onChange={(e) => set("featured_image", e.target.value)}
        />
        <label htmlFor={ids.alt}>Alternativ tekst (beskriv bildet) *</label>
        <input
          id={ids.alt}
          ref={uploadAltInput}
          aria-required="true"
          aria-invalid={uploadAltError ? true : undefined}
          aria-describedby={uploadAltError ? ids.altError : undefined}
          maxLength={ALT_TEXT_MAX_LENGTH}
          value={uploadAlt}
          onChange={(e) => {
            setUploadAlt(e.target.value);
            if (uploadAltError) setUploadAltError(null);
          }}
        />
        {uploadAltError ? (
          <p id={ids.altError} className="field-error">
            {uploadAltError}
          </p>
        ) : (
          <p className="field-hint">Kreves for å laste opp et bilde. Vises for skjermlesere og når bildet ikke lastes.</p>
        )}
        <label htmlFor={ids.file} className="file-label">
          {busy === "upload" ? "Laster opp bilde..." : "Last opp bilde (JPEG, PNG, GIF, WebP, maks 5 MB)"}
        </label>
        <input
          id={ids.file}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          disabled={busy !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
            e.target.value = "";
          }}
        />
        <MediaPicker
          name="library-image"
          choices={media}
          value={fields.featured_image}
          onChange={(path) => set("featured_image", path)}
        />
        {fields.featured_image ? (
          <img
            src={fields.featured_image}
            alt={
              (uploaded?.path === fields.featured_image ? uploaded.alt : undefined) ||
              media.find((item) => item.path === fields.featured_image)?.alt ||
              "Forhåndsvisning av bildet"
            }
            className="editor-preview"
          />
        ) : null}
        <label className="checkbox">
          <input type="checkbox" checked={fields.featured} onChange={(e) => set("featured", e.target.checked)} />
          <span>Fremhevet (Featured)</span>
        </label>
        <label htmlFor={ids.content}>Innhold (Content) *</label>
        <textarea
          id={ids.content}
          required
          rows={16}
          value={fields.content}
          onChange={(e) => set("content", e.target.value)}
        />
        <p className="field-hint">Hver linje blir et avsnitt.</p>
        {mode === "edit" ? (
          <>
            <label htmlFor={ids.date}>Opprettet (Created at)</label>
            <input
              id={ids.date}
              type="datetime-local"
              value={fields.created_at}
              onChange={(e) => set("created_at", e.target.value)}
            />
            <p className="field-hint">
              Nå: {post ? toLocalInput(post.created_at).replace("T", " ") : ""}. Tomt felt beholder datoen.
            </p>
          </>
        ) : null}
        <div className="editor-actions">
          <button type="submit" className="button button-coral" disabled={busy !== null}>
            {saveLabel ?? (mode === "edit" ? "Oppdater og publiser" : "Publiser")}
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={busy !== null}
            onClick={() => void save(false)}
          >
            Lagre som utkast
          </button>
        </div>
      </form>
    </div>
  );
}
