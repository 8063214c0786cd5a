import { desc } from "drizzle-orm";
import { getDb, schema } from "~/lib/platform/db.server";
import { requireStaff } from "~/lib/auth/guard.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.subscribers";

export const meta: Route.MetaFunction = () => staffMeta("Subscribers");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const s = schema.newsletterSubscribers;
  const rows = await getDb()
    .select({
      id: s.id,
      email: s.email,
      status: s.status,
      source: s.source,
      consentAt: s.consentAt,
      confirmedAt: s.confirmedAt,
    })
    .from(s)
    .orderBy(desc(s.createdAt))
    .limit(500);
  return { rows };
}

const statusLabel = { active: "Aktiv", pending: "Venter på bekreftelse", unsubscribed: "Avmeldt" } as const;
const date = (value: Date | string | null) =>
  value ? new Date(value).toLocaleDateString("nb-NO", { timeZone: "Europe/Oslo" }) : "–";

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const active = loaderData.rows.filter((row) => row.status === "active").length;
  return (
    <>
      <h1 className="admin-title">Newsletter subscribers</h1>
      <p>
        {active} active of {loaderData.rows.length}. Only addresses that confirmed by e-mail are active and counted.
      </p>
      {loaderData.rows.length === 0 ? (
        <p className="empty">No subscribers yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">E-post</th>
                <th scope="col">Status</th>
                <th scope="col">Kilde</th>
                <th scope="col">Samtykke</th>
                <th scope="col">Bekreftet</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.email}</td>
                  <td>{statusLabel[row.status]}</td>
                  <td>{row.source}</td>
                  <td>{date(row.consentAt)}</td>
                  <td>{date(row.confirmedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
