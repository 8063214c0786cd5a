/**
 * A staff page the role may not open (decision 059). The staff layout's error page shows it
 * on a client-side navigation; on a full page load the guard's 403 reaches the root's error
 * page first (React Router renders a middleware's error at the shallowest route that loads),
 * which writes the same refusal in its own words (root.tsx: a shared file would weigh on the
 * wizards' JavaScript budget).
 */
export function ForbiddenNotice() {
  return (
    <section className="container narrow notice-page" role="alert" lang="nb">
      <p className="eyebrow">403</p>
      <h1>Ingen tilgang.</h1>
      <p className="lead">Rollen din gir ikke tilgang til denne siden. Trenger du den, spør en eier av studioet.</p>
      <a className="button" href="/admin">
        Til oversikten
      </a>
    </section>
  );
}
