import { useSyncExternalStore } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { useSortable } from "~/components/staff/sortable";
import { showcaseFileUrl } from "~/lib/showcase/showcase-media";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import {
  listPortfolioItems,
  movePortfolioItem,
  setPortfolioOrder,
  setPortfolioPublished,
} from "~/lib/showcase/portfolio-admin.server";
import { STATUS_LABELS } from "~/lib/showcase/showcase-forms";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import type { Route } from "./+types/admin.work";

/**
 * /admin/work: the showcase in its order, with publishing; new and edit have their own
 * pages. The order: drag and drop, or the arrow keys on a row's handle (with JavaScript),
 * and "Flytt opp/ned" (always, also without JavaScript).
 */
export const meta: Route.MetaFunction = () => staffMeta("Arbeid");

export async function loader({ url }: Route.LoaderArgs) {
  const page = Number(url.searchParams.get("page")) || 1;
  const list = await listPortfolioItems(getDb(), page);
  const base = getConfig().mediaBaseUrl;
  return {
    ...list,
    rows: list.rows.map((row, index) => ({
      id: row.id,
      position: list.firstPosition + index + 1,
      title: row.title,
      slug: row.slug,
      client: row.client,
      published: row.status === "published",
      featured: row.featured,
      posterUrl: showcaseFileUrl(base, row.poster),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const actor = staffActor(request, context);
  const db = getDb();
  const intent = form.get("intent");
  if (intent === "up" || intent === "down") {
    const moved = await movePortfolioItem(db, id, intent, actor);
    if (moved === undefined) return data({ message: "Prosjektet finnes ikke lenger." }, 404);
    const where = intent === "up" ? "opp" : "ned";
    return { message: moved ? `Flyttet ${where}.` : `Prosjektet står allerede ${intent === "up" ? "øverst" : "nederst"}.` };
  }
  if (intent === "order") {
    const result = await setPortfolioOrder(db, form.getAll("order").map(String), actor);
    if (result.kind === "stale") return data({ message: "Listen ble endret i mellomtiden. Last siden på nytt og prøv igjen." }, 409);
    return { message: result.changed ? "Rekkefølgen er lagret." : "Rekkefølgen er uendret." };
  }
  if (intent === "publish" || intent === "unpublish") {
    const item = await setPortfolioPublished(db, id, intent === "publish", actor);
    if (!item) return data({ message: "Prosjektet finnes ikke lenger." }, 404);
    return { message: item.status === "published" ? `«${item.title}» er publisert.` : `«${item.title}» er skjult fra nettstedet.` };
  }
  return data({ message: "Ukjent handling." }, 400);
}

export default function PortfolioList({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, page, pageCount, total } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sortable = useSortable(
    rows.map((row) => row.id),
    (order) => {
      const form = new FormData();
      form.set("intent", "order");
      for (const id of order) form.append("order", id);
      void fetcher.submit(form, { method: "post" });
    },
  );
  const ordered = sortable.order.flatMap((id) => byId.get(id) ?? []);
  const first = rows[0]?.position ?? 1;
  const message = fetcher.data?.message ?? actionData?.message;
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">Arbeid</h1>
        <Link to="/admin/work/new" className="button">
          Nytt prosjekt
        </Link>
      </div>
      <p>
        Prosjektene på /work, i rekkefølgen de vises. De tre første fremhevede vises også på forsiden, og hvert prosjekt
        under tjenestene det er merket med.
      </p>
      {message ? (
        <p className="auth-message success" role="status">
          {message}
        </p>
      ) : null}
      <StaffList
        count={{ total, one: "prosjekt", many: "prosjekter", filtered: false }}
        isEmpty={rows.length === 0}
        empty="Ingen prosjekter ennå."
        pages={{ page, pageCount }}
      >
        <StaffTable
          className="admin-table work-table work-sortable"
          before={
            <p className="field-hint work-order-help" id="work-order-help" hidden={!hydrated}>
              Dra et prosjekt til ny plass, eller gå til håndtaket (⠿) og bruk pil opp og pil ned. Rekkefølgen lagres
              med en gang.
            </p>
          }
          rows={ordered}
          rowProps={(row) => ({ id: `item-${row.id}`, ...(hydrated ? sortable.rowProps(row.id) : {}) })}
          columns={[
            { label: "Nr.", cell: (_row, index) => first + index },
            {
              label: "Prosjekt",
              cell: (row, index) => (
                <div className="work-row">
                  <button
                    type="button"
                    className="drag-handle"
                    aria-label={`Flytt «${row.title}» (nr. ${first + index})`}
                    aria-describedby="work-order-help"
                    hidden={!hydrated}
                    {...sortable.handleProps(row.id)}
                  >
                    ⠿
                  </button>
                  <img src={row.posterUrl} alt="" width={96} height={60} loading="lazy" />
                  <span>
                    <Link to={`/admin/work/${row.id}`}>{row.title}</Link>
                    <small className="inbox-email">{row.client || `/work/${row.slug}`}</small>
                  </span>
                </div>
              ),
            },
            {
              label: "Status",
              cell: (row) => (
                <div>
                  <span className={row.published ? "badge badge-published" : "badge"}>
                    {row.published ? STATUS_LABELS.published : STATUS_LABELS.draft}
                  </span>
                  {row.featured ? <span className="badge badge-featured">Fremhevet</span> : null}
                </div>
              ),
            },
            {
              label: "Handlinger",
              cell: (row, index) => <RowActions row={row} first={first + index === 1} last={first + index === total} />,
            },
          ]}
        />
      </StaffList>
    </>
  );
}

/** A row's buttons: one form, its intent from the button pressed; busy while this row's is sent. */
function RowActions({ row, first, last }: { row: { id: string; title: string; published: boolean }; first: boolean; last: boolean }) {
  const busy = useIsPending({ fields: { id: row.id } });
  return (
    <Form method="post" className="row-actions">
      <input type="hidden" name="id" value={row.id} />
      <button type="submit" name="intent" value="up" className="button button-small button-ghost" disabled={busy || first}>
        Flytt opp<span className="visually-hidden"> {row.title}</span>
      </button>
      <button type="submit" name="intent" value="down" className="button button-small button-ghost" disabled={busy || last}>
        Flytt ned<span className="visually-hidden"> {row.title}</span>
      </button>
      <button
        type="submit"
        name="intent"
        value={row.published ? "unpublish" : "publish"}
        className="button button-small button-ghost"
        disabled={busy}
      >
        {row.published ? "Avpubliser" : "Publiser"}
        <span className="visually-hidden"> {row.title}</span>
      </button>
    </Form>
  );
}

/**
 * True once the page runs in the browser. The help text and the drag handles are no use
 * before: they wait `hidden`, and keep their place meanwhile (showcase-list.css), so the
 * rows do not jump down and to the right when they appear, under a pointer already on its
 * way: a click meant for one row's "Flytt opp" landed beside it, or on another row.
 */
const noSubscription = () => () => {};
function useHydrated() {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
