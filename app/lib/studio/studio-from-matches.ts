import { rootStudio } from "../site/seo";
import { STUDIO_SEED, type StudioDetails } from "./studio-details";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * The studio's details on a page, from the root loader (the seed only where it has not
 * run: an error before it). For the content pages, which ship no framework JavaScript;
 * the wizards read `rootStudio` and carry no seed.
 */
export function studioFrom(matches: Matches): StudioDetails {
  return rootStudio(matches) ?? STUDIO_SEED;
}
