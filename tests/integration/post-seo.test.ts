import { describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { getPublishedPost, savePost } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { createJob, getJob, jobInputSchema, updateJob } from "~/lib/careers/jobs.server";
import { sitemapEntries } from "~/lib/site/sitemap.server";
import { setUpTestDatabase } from "../support/test-database";

// A post's and a job listing's search-engine fields (docs/decisions/056): saved, kept by an API save that leaves
// them out, and a hidden post left out of the sitemap.
const handle = setUpTestDatabase();

const post = (fields: Record<string, unknown>) =>
  postInputSchema.parse({ excerpt: "Kort om saken", author: "Kari", content: "Avsnitt.", ...fields });

describe("a post's search-engine fields", () => {
  it("a post hidden from search engines leaves the sitemap, and comes back when shown", async () => {
    const user = await createUser(handle.db, { email: "seo@fjordform.test", fullName: "Kari", password: "a long enough pass" });
    const actor = { userId: user.id, ip: "192.0.2.9", userAgent: "vitest" };
    const shown = await savePost(handle.db, actor, post({ title: "Synlig innlegg" }));
    const hidden = await savePost(
      handle.db,
      actor,
      post({ title: "Skjult innlegg", seo_title: "Søketittel", seo_description: "Søketekst", share_image: "/uploads/x-1.png", noindex: true }),
    );
    const paths = async () => (await sitemapEntries(handle.db)).map((entry) => entry.path);
    expect(await paths()).toContain(`/blog/${shown.slug}`);
    expect(await paths()).not.toContain(`/blog/${hidden.slug}`);
    expect((await getPublishedPost(handle.db, hidden.slug))?.seo).toEqual({
      seo_title: "Søketittel",
      seo_description: "Søketekst",
      share_image: "/uploads/x-1.png",
      noindex: true,
    });

    // The JSON API's older shape (no search fields): the post keeps its own.
    await savePost(handle.db, actor, post({ title: "Skjult innlegg", slug: hidden.slug }), hidden.id);
    expect((await getPublishedPost(handle.db, hidden.slug))?.seo.noindex).toBe(true);
    expect(await paths()).not.toContain(`/blog/${hidden.slug}`);

    // Cleared: the defaults again, and back in the sitemap.
    await savePost(
      handle.db,
      actor,
      post({ title: "Skjult innlegg", slug: hidden.slug, seo_title: "", seo_description: "", share_image: "", noindex: false }),
      hidden.id,
    );
    expect((await getPublishedPost(handle.db, hidden.slug))?.seo).toEqual({
      seo_title: "",
      seo_description: "",
      share_image: "",
      noindex: false,
    });
    expect(await paths()).toContain(`/blog/${hidden.slug}`);
  });

  it("a job listing hidden from search engines leaves the sitemap; a save without the fields keeps them", async () => {
    const user = await createUser(handle.db, { email: "seo-jobb@fjordform.test", fullName: "Kari", password: "a long enough pass" });
    const actor = { userId: user.id, ip: "192.0.2.9", userAgent: "vitest" };
    const listing = (fields: Record<string, unknown> = {}) =>
      jobInputSchema.parse({
        title: "Skjult stilling",
        location: "Oslo",
        type: "Full-time",
        description: "Bygg grensesnitt.",
        applyLink: "mailto:jobs@fjordform.no",
        ...fields,
      });
    const job = await createJob(handle.db, actor, listing({ seo_title: "Søketittel", noindex: true }));
    const paths = async () => (await sitemapEntries(handle.db)).map((entry) => entry.path);
    expect(await paths()).not.toContain(`/careers/${job.slug}`);
    await updateJob(handle.db, actor, job.id, listing({ description: "Nytt." }));
    expect(await getJob(handle.db, job.id)).toMatchObject({ seoTitle: "Søketittel", noindex: true, description: "Nytt." });
    await updateJob(handle.db, actor, job.id, listing({ seo_title: "", seo_description: "", share_image: "", noindex: false }));
    expect(await getJob(handle.db, job.id)).toMatchObject({ seoTitle: "", noindex: false });
    expect(await paths()).toContain(`/careers/${job.slug}`);
  });
});
