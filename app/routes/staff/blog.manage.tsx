import { FormNotice } from "~/components/form-notice";
import { useState } from "react";
import { data, Link, useLocation } from "react-router";
import { formatShortDate } from "~/lib/blog/blog-format";
import { listAllPosts } from "~/lib/blog/blog.server";
import { getDb } from "~/lib/platform/db.server";
import { currentStaff } from "~/lib/auth/guard.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/blog.manage";

export const meta: Route.MetaFunction = () => staffMeta("Blogginnlegg");

export async function loader({ context }: Route.LoaderArgs) {
  const session = await currentStaff(context);
  // Signed out: the page shows "Ikke autorisert" with a "Logg inn" link, and no post, not even a title, is sent.
  if (!session || session.mfaPending) return data({ authorized: false as const, posts: [] }, 401);
  const posts = await listAllPosts(getDb());
  return {
    authorized: true as const,
    posts: posts.map(({ id, title, slug, published, featured, created_at }) => ({
      id,
      title,
      slug,
      published,
      featured,
      created_at,
    })),
  };
}

type Post = Route.ComponentProps["loaderData"]["posts"][number];

export default function ManagePosts({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const [posts, setPosts] = useState<Post[]>(loaderData.posts);
  const [toast, setToast] = useState<string | null>((location.state as { toast?: string } | null)?.toast ?? null);
  const [error, setError] = useState<string | null>(null);

  if (!loaderData.authorized) {
    return (
      <section className="container narrow notice-page" lang="nb">
        <h1>Ikke autorisert</h1>
        <p className="lead">Du må være logget inn for å administrere blogginnlegg.</p>
        <Link to="/login" className="button">
          Logg inn
        </Link>
      </section>
    );
  }

  async function remove(post: Post) {
    if (!window.confirm(`Er du sikker på at du vil slette "${post.title}"?`)) return;
    setError(null);
    setToast(null);
    try {
      const response = await fetch(`/api/blog-edit?id=${encodeURIComponent(post.id)}`, { method: "DELETE" });
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok) throw new Error(body.error || "Sletting feilet");
      setPosts((current) => current.filter((p) => p.id !== post.id));
      setToast("Blogginnlegg slettet!");
    } catch (failure) {
      setError(
        `Feil ved sletting: ${failure instanceof Error && failure.message ? failure.message : "Sletting feilet"}`,
      );
    }
  }

  return (
    <div className="container admin" lang="nb">
      <div className="admin-head">
        <h1 className="admin-title">Blogginnlegg</h1>
        <Link to="/blog/cms" className="button button-coral">
          Nytt Innlegg
        </Link>
      </div>
      <div aria-live="polite">
        <FormNotice data={{ message: toast }} />
      </div>
      <FormNotice data={{ error }} />
      <p data-testid="post-count">{posts.length} innlegg</p>
      <div className="table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Tittel</th>
              <th scope="col">Status</th>
              <th scope="col">Dato</th>
              <th scope="col">Rediger</th>
              <th scope="col">Slett</th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <tr key={post.id}>
                <td data-label="Tittel">
                  {post.published ? <Link to={`/blog/${post.slug}`}>{post.title}</Link> : post.title}
                </td>
                <td data-label="Status">
                  <span className={post.published ? "badge badge-published" : "badge"}>
                    {post.published ? "Publisert" : "Utkast"}
                  </span>
                  {post.featured ? <span className="badge badge-featured">Fremhevet</span> : null}
                </td>
                <td data-label="Dato">{formatShortDate(post.created_at)}</td>
                <td data-label="Rediger">
                  <Link to={`/blog/cms?edit=${post.id}`} className="button button-small button-ghost">
                    Rediger<span className="visually-hidden"> {post.title}</span>
                  </Link>
                </td>
                <td data-label="Slett">
                  <button type="button" className="button button-small button-danger" onClick={() => remove(post)}>
                    Slett<span className="visually-hidden"> {post.title}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container narrow notice-page" role="alert" lang="nb">
      <h1>Feil ved lasting av blogginnlegg</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Prøv igjen
      </button>
    </section>
  );
}
