import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from "@playwright/test";
import { signInWithRequest } from "./sign-in";

/**
 * Public pages sent without React's JavaScript (handle = staticPage, app/lib/platform/static-page.ts):
 * HTML, CSS and the small enhancement module. The 404 page and blog posts are too; a post
 * is made by the test that needs one (publishPost).
 */
export const CONTENT_PAGES = [
  "/",
  "/design",
  "/development",
  "/custom-ai",
  "/ai-automations",
  "/production",
  "/work",
  "/work/dashboard",
  "/about",
  "/blog",
  "/careers",
  "/careers/open-application",
  "/terms",
  "/privacy",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
];

/** Publishes a post as staff, in a request context of its own (so the caller stays a visitor); returns its path. */
export async function publishPost(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  title: string,
  content = "First paragraph.\n\nSecond paragraph.",
): Promise<string> {
  const staff: APIRequestContext = await playwright.request.newContext({ baseURL });
  try {
    await signInWithRequest(staff, "staff");
    const response = await staff.post("/api/blog", {
      data: {
        title,
        excerpt: "What we learned running language models on a clinic's own server.",
        author: "Kari Nordmann",
        content,
      },
    });
    expect(response.status()).toBe(201);
    const { data } = (await response.json()) as { data: { slug: string } };
    return `/blog/${data.slug}`;
  } finally {
    await staff.dispose();
  }
}
