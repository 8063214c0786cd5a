import type { FlashNotice as Notice } from "~/lib/platform/flash.server";
import { FormNotice } from "../form-notice";

/**
 * The notice an action left for the page it redirected to (decision 047), in one place on
 * every staff page: above the page, a status for a success, an alert for an error.
 */
export function FlashNotice({ notice }: { notice: Notice }) {
  return (
    <div className="container flash-notice">
      <FormNotice data={notice.kind === "error" ? { error: notice.message } : { message: notice.message }} />
    </div>
  );
}
