import { Form, Link } from "react-router";
import { siteConfig } from "~/content/site";

type Props = { staff: { name: string; email: string } | null };

/** The back office's top bar: the way back to the public site and who is signed in. The navigation is the sidebar (staff-sidebar.tsx). */
export function StaffHeader({ staff }: Props) {
  return (
    <header className="staff-header">
      <div className="staff-header-row">
        <Link to="/" className="staff-brand" reloadDocument>
          {/* The logo file itself, not <Logo />: sharing that component with the root would
              split it into a file of its own that every visitor's wizard page loads. */}
          <img className="logo-image" src="/logo-on-dark.svg" alt={siteConfig.brand} width={160} height={28} />
          <span className="staff-brand-back" lang="nb">
            Til nettstedet
          </span>
        </Link>
        {staff ? (
          <Form method="post" action="/logout" className="staff-account">
            <span className="staff-user" title={staff.email}>
              {staff.name}
            </span>
            <button type="submit" className="button button-small button-ghost">
              Logout
            </button>
          </Form>
        ) : null}
      </div>
    </header>
  );
}
