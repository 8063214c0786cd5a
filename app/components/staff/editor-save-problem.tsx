import { Link } from "react-router";

/**
 * Why the editor's last save did not go through, above the form, whose text stays as it
 * was typed (and kept in the browser, unsaved-text.tsx): the session ended (the spec's
 * "Ikke autorisert", with a link home, and a way to sign in again in a new tab and then
 * save), the server could not be reached, or a colleague saved the post meanwhile.
 * docs/decisions/052.
 */
export type SaveProblem =
  | { kind: "unauthorized" }
  | { kind: "offline" }
  | { kind: "failed" }
  | { kind: "stale"; message: string; editUrl: string };

export function EditorSaveProblem({ problem }: { problem: SaveProblem }) {
  if (problem.kind === "unauthorized") {
    return (
      <section className="save-problem" role="alert" aria-labelledby="save-problem-heading">
        <h2 id="save-problem-heading">Ikke autorisert</h2>
        <p>
          Økten din er utløpt, så endringene er ikke lagret. Teksten står her fortsatt, og den er tatt vare på i denne
          nettleseren.
        </p>
        <p>
          Logg inn igjen i en ny fane, kom tilbake hit og trykk på lagreknappen en gang til. Lukk ikke denne fanen før
          innlegget er lagret.
        </p>
        <p className="editor-actions">
          <a href="/login" target="_blank" rel="noopener" className="button button-small">
            Logg inn igjen (ny fane)
          </a>
          <Link to="/" className="button button-small button-ghost" reloadDocument>
            Til forsiden
          </Link>
        </p>
      </section>
    );
  }
  if (problem.kind === "stale") {
    return (
      <section className="save-problem" role="alert" aria-labelledby="save-problem-heading">
        <h2 id="save-problem-heading">Ikke lagret: innlegget er endret av en annen</h2>
        <p>{problem.message}</p>
        <p>
          <a href={problem.editUrl} target="_blank" rel="noopener">
            Åpne den nyeste versjonen i en ny fane
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="save-problem" role="alert" aria-labelledby="save-problem-heading">
      <h2 id="save-problem-heading">Ikke lagret</h2>
      <p>
        {problem.kind === "offline"
          ? "Fikk ikke kontakt med serveren, så innlegget er ikke lagret. Sjekk nettforbindelsen og trykk på lagreknappen igjen."
          : "Serveren kunne ikke lagre innlegget akkurat nå. Prøv å trykke på lagreknappen igjen om litt."}{" "}
        Teksten står her fortsatt, og den er tatt vare på i denne nettleseren.
      </p>
    </section>
  );
}
