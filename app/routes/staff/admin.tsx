import { Form, NavLink, Outlet } from "react-router";
import { requireStaff } from "~/lib/auth/guard.server";
import type { Route } from "./+types/admin";

/** Every /admin page: the guard runs on the server before any of them loads. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(request, context);
  return { name: session.fullName || session.email, email: session.email };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

const links = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/blog/manage", label: "Blog" },
  { to: "/job-cms", label: "Jobs" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/media", label: "Media" },
  { to: "/admin/settings", label: "Settings" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin container">
      <div className="admin-bar">
        <nav aria-label="Admin">
          <ul className="admin-nav">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/logout" className="admin-logout">
          <span className="admin-user">{loaderData.email}</span>
          <button type="submit" className="button button-small button-ghost">
            Logout
          </button>
        </Form>
      </div>
      <Outlet />
    </div>
  );
}
