import { describe, expect, it } from "vitest";
import { postFormSchema, postFromForm, postInputSchema } from "~/lib/blog/blog-forms";
import {
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SHARE_IMAGE_NOT_UPLOAD,
  resolveSeo,
  seoCount,
  seoFromForm,
  seoSchema,
} from "~/lib/seo/seo-fields";
import { parseWithZod } from "@conform-to/zod/v4";

// The search-engine fields (docs/decisions/056): what staff may save, and what the page says.
const own = { title: "Lokal AI", description: "Hvorfor vi kjører modellene selv.", image: "/uploads/a.jpg" };

describe("search-engine fields", () => {
  it("empty fields fall back to the thing's own title, text and image, indexed", () => {
    expect(resolveSeo(undefined, own)).toEqual({ ...own, noindex: false });
    expect(resolveSeo({ seo_title: "  ", seo_description: "", share_image: "", noindex: false }, own)).toEqual({
      ...own,
      noindex: false,
    });
    expect(resolveSeo(undefined, { title: "T", description: "D" }).image).toBeUndefined();
  });

  it("given fields win, and noindex is said", () => {
    const seo = { seo_title: "Søk", seo_description: "Kort", share_image: "/uploads/b.png", noindex: true };
    expect(resolveSeo(seo, own)).toEqual({ title: "Søk", description: "Kort", image: "/uploads/b.png", noindex: true });
  });

  it("refuses texts over the hard limits and images from elsewhere", () => {
    const tooLong = seoSchema.safeParse({ seo_title: "x".repeat(SEO_TITLE_MAX + 1), seo_description: "y".repeat(SEO_DESCRIPTION_MAX + 1) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues.map((issue) => issue.path[0])).toEqual(["seo_title", "seo_description"]);
    for (const share_image of ["https://evil.example/x.png", "/uploads/../x", "javascript:alert(1)"]) {
      const parsed = seoSchema.safeParse({ share_image });
      expect(parsed.error?.issues[0]?.message, share_image).toBe(SHARE_IMAGE_NOT_UPLOAD);
    }
    expect(seoSchema.parse({ seo_title: "x".repeat(SEO_TITLE_MAX), share_image: "/uploads/ab-1.webp" }).seo_title).toHaveLength(SEO_TITLE_MAX);
  });

  it("counters say when search results would cut the text", () => {
    expect(seoCount("  abc ", 60)).toEqual({ length: 3, over: false, text: "3 / 60" });
    expect(seoCount("x".repeat(61), 60).over).toBe(true);
  });

  it("the API may leave the fields out; the editor's empty boxes mean the defaults", () => {
    const api = postInputSchema.parse({ title: "T", excerpt: "E", author: "A", content: "C" });
    expect(api.seo_title).toBeUndefined();
    expect(api.noindex).toBeUndefined();
    const formData = new FormData();
    for (const [name, value] of Object.entries({ title: "T", excerpt: "E", author: "A", content: "C", intent: "publish", seo_title: "" }))
      formData.set(name, value);
    const submission = parseWithZod(formData, { schema: postFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const input = postFromForm(submission.value);
    expect(seoFromForm(input)).toEqual({ seo_title: "", seo_description: "", share_image: "", noindex: false });
  });
});
