import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { type StatCard, StatCards } from "~/components/staff/stat-cards";
import { TopPages, TrafficChart, TrafficSources } from "~/components/staff/traffic-chart";
import { TwoStepNudge } from "~/components/staff/two-step-nudge";
import { ReviewQueue } from "~/components/staff/review-queue";
import { reviewQueue } from "~/lib/blog/post-review.server";
import { pageReviewQueue } from "~/lib/pages/page-review.server";
import { getPageViewBuffer } from "~/lib/site/analytics.server";
import { pageViewsPerDay, topCampaigns, topPages, topSources } from "~/lib/site/traffic.server";
import { staffActor } from "~/lib/staff/actor.server";
import { dashboardCounts, dashboardTrends } from "~/lib/staff/dashboard.server";
import { dismissTwoStepNudgeSchema, TWO_STEP_NUDGE_DISMISSED } from "~/lib/staff/dashboard-forms";
import { dismissTwoStepNudge, showTwoStepNudge } from "~/lib/staff/two-step-nudge.server";
import { getDb } from "~/lib/platform/db.server";
import { staleBackupWarning } from "~/lib/backup/backups-admin.server";
import { osloDateTime } from "~/lib/platform/dates";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { staffSession } from "~/lib/auth/guard.server";
import { can, type Permission } from "~/lib/auth/roles";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin._index";

export const meta: Route.MetaFunction = () => staffMeta("Oversikt");

export async function loader({ context }: Route.LoaderArgs) {
  const session = staffSession(context);
  await getPageViewBuffer()?.flush(); // so the count includes this process's latest views
  const db = getDb();
  const [counts, trends, days, pages, sources, campaigns, twoStepNudge, backup] = await Promise.all([
    dashboardCounts(db),
    dashboardTrends(db),
    pageViewsPerDay(db),
    topPages(db),
    topSources(db),
    topCampaigns(db),
    showTwoStepNudge(db, session.userId),
    staleBackupWarning(db),
  ]);
  // Review before publishing (docs/decisions/066): what authors sent, for those who may publish it.
  // Page drafts (decision 071) wait beside the posts, the oldest first.
  const reviews = can(session.role, "publish") ? await reviewItems(db) : null;
  const backupWarning = backup && (backup.kind === "old" ? { ...backup, lastAt: osloDateTime(backup.lastAt) } : backup);
  return {
    name: session.fullName || session.email,
    // What the role may open (decision 059): an author sees no inbox, subscriber or mail figures.
    may: {
      leads: can(session.role, "leads"),
      mail: can(session.role, "mail"),
      subscribers: can(session.role, "subscribers"),
    },
    quickActions: quickActions.filter((action) => can(session.role, action.permission)),
    // Figures the role may not open are not sent at all (not only not shown).
    counts: {
      ...counts,
      unreadLeads: can(session.role, "leads") ? counts.unreadLeads : 0,
      newsletterSubscribers: can(session.role, "subscribers") ? counts.newsletterSubscribers : 0,
      failingMail: can(session.role, "mail") ? counts.failingMail : 0,
    },
    trends: {
      ...trends,
      newsletterSubscribers: can(session.role, "subscribers") ? trends.newsletterSubscribers : { current: 0, previous: 0 },
    },
    traffic: { days, pages, sources, campaigns },
    twoStepNudge,
    reviewQueue: reviews,
    // Backups are the owners' (decision 059): only they are warned of a stale one.
    backupWarning: can(session.role, "backups") ? backupWarning : null,
  };
}

async function reviewItems(db: ReturnType<typeof getDb>) {
  const [posts, pages] = await Promise.all([reviewQueue(db), pageReviewQueue(db)]);
  return [...posts.map((post) => ({ ...post, kind: "post" as const })), ...pages.map((page) => ({ ...page, kind: "page" as const }))];
}

/** "Ikke nå" on the two-step nudge: the dashboard's only action (guarded by the staff layout, audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: dismissTwoStepNudgeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  await dismissTwoStepNudge(getDb(), staffActor(request, context));
  // Post/redirect/get: reloading the dashboard does not send the form again.
  return redirectWithFlash("/admin", { kind: "success", message: TWO_STEP_NUDGE_DISMISSED });
}

const quickActions: { to: string; label: string; hint: string; permission: Permission }[] = [
  { to: "/blog/manage", label: "Blogginnlegg", hint: "Rediger, publiser eller slett innlegg", permission: "posts" },
  { to: "/blog/cms", label: "Skriv et nytt innlegg", hint: "Åpner redigeringen", permission: "posts" },
  { to: "/job-cms", label: "Stillingsannonser", hint: "Publiser og rediger stillinger", permission: "content" },
  {
    to: "/admin/subscribers",
    label: "Nyhetsbrevabonnenter",
    hint: "Hvem som bekreftet, hvem som meldte seg av",
    permission: "subscribers",
  },
  { to: "/gdpr-checklist", label: "GDPR-sjekkliste", hint: "Den offentlige egenvurderingen", permission: "account" },
];

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, may, trends } = loaderData;
  const lastDays = (trend: { current: number; previous: number }, what: string) => ({
    now: trend.current,
    before: trend.previous,
    nowLabel: `${what} siste 30 dager`,
    beforeLabel: "forrige 30 dager",
  });
  const cards: StatCard[] = [
    {
      label: "Published Posts",
      value: counts.publishedPosts,
      testId: "stat-posts",
      trend: lastDays(trends.publishedPosts, "nye"),
    },
    ...(may.subscribers
      ? [
          {
            label: "Newsletter Subscribers",
            value: counts.newsletterSubscribers,
            testId: "stat-subscribers",
            trend: lastDays(trends.newsletterSubscribers, "bekreftet"),
            // The figure counts active (confirmed) subscribers, as the spec says; the list's own
            // count is every status, so the card opens the list filtered the same way (issue 32).
            list: { to: "/admin/subscribers?status=active", label: "Vis de aktive abonnentene" },
          },
        ]
      : []),
    {
      label: "Portfolio Items",
      value: counts.portfolioItems,
      testId: "stat-portfolio",
      trend: lastDays(trends.portfolioItems, "nye"),
    },
    {
      label: "Page Views Today",
      value: counts.pageViewsToday,
      testId: "stat-views",
      trend: { now: counts.pageViewsToday, before: trends.pageViewsYesterday, beforeLabel: "i går til samme tid" },
    },
  ];
  return (
    <>
      <h1 className="admin-title">Velkommen tilbake, {loaderData.name}</h1>
      {loaderData.twoStepNudge ? <TwoStepNudge lastResult={actionData?.result} /> : null}
      {may.leads ? (
        <p className="inbox-callout" data-testid="unread-leads">
          <Link to="/admin/inbox">
            {counts.unreadLeads === 0
              ? "Ingen uleste henvendelser i innboksen"
              : counts.unreadLeads === 1
                ? "1 ulest henvendelse i innboksen"
                : `${counts.unreadLeads.toLocaleString("nb-NO")} uleste henvendelser i innboksen`}
          </Link>
        </p>
      ) : null}
      {may.mail && counts.failingMail > 0 ? (
        <p className="dashboard-warning" role="alert" data-testid="failing-mail">
          <Link to="/admin/mail?status=failed">
            {counts.failingMail === 1
              ? "1 e-post har ikke kommet frem på over en time"
              : `${counts.failingMail.toLocaleString("nb-NO")} e-poster har ikke kommet frem på over en time`}
          </Link>
          . Se feilen og send dem igjen under E-post.
        </p>
      ) : null}
      {loaderData.backupWarning ? (
        <p className="dashboard-warning" data-testid="stale-backup">
          <Link to="/admin/backups">
            {loaderData.backupWarning.kind === "old"
              ? `Siste sikkerhetskopi er fra ${loaderData.backupWarning.lastAt}, over to døgn siden`
              : loaderData.backupWarning.kind === "none"
                ? "Ingen sikkerhetskopi er tatt ennå"
                : "Sikkerhetskopiene kan ikke leses"}
          </Link>
          . Ta en nå under Sikkerhetskopier, og sjekk loggen for hvorfor den planlagte ikke ble tatt.
        </p>
      ) : null}
      {loaderData.reviewQueue ? <ReviewQueue items={loaderData.reviewQueue} /> : null}
      <StatCards cards={cards} />
      <div className="traffic">
        <TrafficChart days={loaderData.traffic.days} />
        <TrafficSources
          sources={loaderData.traffic.sources}
          campaigns={loaderData.traffic.campaigns}
          days={loaderData.traffic.days.length}
        />
        <TopPages pages={loaderData.traffic.pages} days={loaderData.traffic.days.length} />
      </div>
      <h2 className="section-label">Snarveier</h2>
      <ul className="quick-actions">
        {loaderData.quickActions.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className="quick-action">
              <span className="quick-action-label">{action.label}</span>
              <span className="quick-action-hint">{action.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
