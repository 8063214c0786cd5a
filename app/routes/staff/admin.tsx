import { Outlet } from "react-router";

/** The /admin pages share their frame; the guard and the navigation come from the staff layout above. */
export default function AdminFrame() {
  return (
    <div className="admin container">
      <Outlet />
    </div>
  );
}
