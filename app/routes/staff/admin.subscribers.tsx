import { getDb } from "~/lib/platform/db.server";
import { listSubscribers } from "~/lib/visitor-forms/newsletter.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.subscribers";

export const meta: Route.MetaFunction = () => staffMeta("Subscribers");

export async function loader() {
  return { rows: await listSubscribers(getDb()) };
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
                  <td data-label="E-post">{row.email}</td>
                  <td data-label="Status">{statusLabel[row.status]}</td>
                  <td data-label="Kilde">{row.source}</td>
                  <td data-label="Samtykke">{date(row.consentAt)}</td>
                  <td data-label="Bekreftet">{date(row.confirmedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
