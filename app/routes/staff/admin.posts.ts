import { redirect } from "react-router";

/** /admin/posts is the blog's manage page. */
export function loader() {
  return redirect("/blog/manage");
}
