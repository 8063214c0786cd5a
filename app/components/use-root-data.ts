import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/**
 * The root loader's data (the site's address, the media base URL, the contact endpoint,
 * the staff session's expiry), typed from the loader itself, so no component casts it.
 * Undefined only where the root loader has not run (an error before it).
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
