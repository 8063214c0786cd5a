import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { SEND_STATES, type SendProgress as Progress } from "~/lib/newsletter/issue-forms";

/** How often a running send's page asks for fresh counts. */
const POLL_MS = 3_000;

/**
 * A send's progress. While it runs, the page reloads its data every few seconds (staff
 * pages may use JavaScript; without it, reloading the page shows the same).
 */
export function SendProgress({ state, progress }: { state: "running" | "done"; progress: Progress }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (state !== "running") return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [state, revalidator]);
  const rows: Array<[string, number]> = [
    ["Mottakere", progress.recipients],
    ["Venter på tur", progress.waiting],
    ["I kø", progress.queued],
    ["Sendt", progress.sent],
    ["Feilet", progress.failed],
    ["Hoppet over (avmeldt)", progress.skipped],
  ];
  return (
    <div aria-live="polite">
      <p>
        Status: <strong className={`badge badge-issue-${state}`}>{SEND_STATES[state]}</strong>
      </p>
      <progress
        max={Math.max(1, progress.recipients)}
        value={progress.sent + progress.failed + progress.skipped}
        aria-label="Fremdrift"
        className="newsletter-progress"
      />
      <dl className="lead-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="newsletter-count">
            <dt>{label}</dt>
            <dd>{value.toLocaleString("nb-NO")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
