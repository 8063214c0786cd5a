import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { CompareTable, VersionTable } from "~/components/staff/version-table";
import { restoreVersion } from "~/lib/pages/page-editing.server";
import { restoreSchema } from "~/lib/pages/page-forms";
import { compareWithLive, listVersions } from "~/lib/pages/page-history.server";
import { isPageKey, pageDefinition } from "~/lib/pages/page-registry";
import { getDb } from "~/lib/platform/db.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import { staffSession } from "~/lib/auth/guard.server";
import { can } from "~/lib/auth/roles";
import type { Route } from "./+types/admin.pages.page.history";

/**
 * /admin/pages/:page/history: every published version (who, when); `?version=N` shows it
 * beside the live words, field by field, and restores it (confirmed) as a new version.
 */
export const meta: Route.MetaFunction = ({ data }) => staffMeta(data ? `Historikk: ${data.label}` : "Historikk");

function keyOf(page: string) {
  if (!isPageKey(page)) throw data(null, { status: 404 });
  return page;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = keyOf(params.page);
  const db = getDb();
  const asked = new URL(request.url).searchParams.get("version");
  const version = asked !== null && /^\d+$/.test(asked) ? Number(asked) : null;
  const [versions, comparison] = await Promise.all([
    listVersions(db, key, "en"),
    version === null ? undefined : compareWithLive(db, key, "en", version),
  ]);
  if (version !== null && !comparison) throw data(null, { status: 404 });
  return {
    key,
    label: pageDefinition(key).label,
    live: versions[0]?.version ?? 0,
    versions: versions.map((row) => ({
      version: row.version,
      at: osloDateTime(row.publishedAt),
      by: row.by,
      restoredFrom: row.restoredFrom,
    })),
    shown: version === null ? null : { version, groups: comparison! },
    // An author reads the history; restoring publishes, so it is `content` (decision 071).
    canRestore: can(staffSession(context).role, "content"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const key = keyOf(params.page);
  // A version that does not exist throws NotFoundError: replyToForm makes it the page's 404.
  return replyToForm(
    parseWithZod(await request.formData(), { schema: restoreSchema }),
    async ({ version }) => {
      const made = await restoreVersion(getDb(), staffActor(request, context), key, "en", version);
      const message = `${versionName(version)} er gjenopprettet som versjon ${made} og vises nå på nettstedet.`;
      return redirectWithFlash(`/admin/pages/${key}/history`, { kind: "success", message });
    },
    { intent: "restore" },
  );
}

const versionName = (version: number) => (version === 0 ? "Originaltekstene" : `Versjon ${version}`);

export default function PageHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { key, label, live, versions, shown } = loaderData;
  return (
    <>
      <p>
        <Link to={`/admin/pages/${key}`}>← Tilbake til redigering</Link>
      </p>
      <h1 className="admin-title">Historikk: {label}</h1>
      <VersionTable
        whenLabel="Publisert"
        shown={shown?.version}
        rows={[
          ...versions.map((row) => ({
            id: row.version,
            name: [
              versionName(row.version),
              row.version === live ? " (publisert nå)" : "",
              row.restoredFrom !== null ? `, gjenopprettet fra ${versionName(row.restoredFrom).toLowerCase()}` : "",
            ].join(""),
            when: `${row.at} av ${row.by}`,
            show: { to: `?version=${row.version}`, label: "Vis og sammenlign" },
          })),
          // The seed: the texts the page had before anyone published it.
          {
            id: 0,
            name: `${versionName(0)}${live === 0 ? " (publisert nå)" : ""}`,
            when: "Ved installasjon",
            show: { to: "?version=0", label: "Vis og sammenlign" },
          },
        ]}
      />
      {shown ? (
        <section className="admin-panel page-compare" aria-labelledby="page-compare-heading">
          <h2 id="page-compare-heading">{versionName(shown.version)} sammenlignet med den publiserte siden</h2>
          {shown.groups.map((group) => (
            <CompareTable
              key={group.label}
              heading={<h3>{group.label}</h3>}
              fields={group.fields}
              thenLabel={versionName(shown.version)}
              nowLabel="Publisert nå"
              markChanged
            />
          ))}
          {loaderData.canRestore ? (
            <ConfirmedActionForm
              intent="restore"
              schema={restoreSchema}
              actionData={actionData}
              checkboxLabel={`Ja, publiser tekstene fra ${versionName(shown.version).toLowerCase()} som en ny versjon`}
              question={`Gjenopprette ${versionName(shown.version).toLowerCase()}? Den blir publisert med en gang, som en ny versjon.`}
              button="Gjenopprett"
            >
              <input type="hidden" name="version" value={shown.version} />
            </ConfirmedActionForm>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
