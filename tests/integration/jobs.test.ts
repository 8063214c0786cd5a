import { describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import {
  createJob,
  deleteJob,
  getJob,
  getPublishedJob,
  JOB_GONE,
  jobInputSchema,
  listAllJobs,
  listPublishedJobs,
  setJobPublished,
  SlugTakenError,
  updateJob,
} from "~/lib/careers/jobs.server";
import { APPLY_LINK_MESSAGE } from "~/lib/careers/job-form";
import { NotFoundError } from "~/lib/platform/domain-errors";
import { engineName, setUpTestDatabase } from "../support/test-database";

// Job listings as staff keep them and job seekers see them on /careers.
const handle = setUpTestDatabase();

async function staffMember() {
  const user = await createUser(handle.db, {
    email: "jobb@fjordform.test",
    fullName: "Kari",
    password: "a long enough pass",
  });
  return { userId: user.id, ip: "192.0.2.9", userAgent: "vitest" };
}

const listing = (fields: Record<string, unknown> = {}) =>
  jobInputSchema.parse({
    title: "Frontend Developer",
    location: "Oslo",
    type: "Full-time",
    description: "Build interfaces people enjoy.",
    applyLink: "mailto:jobs@fjordform.no",
    ...fields,
  });

describe(`job listings (${engineName()})`, () => {
  it("stores a listing with its lists as given, its address made from the title", async () => {
    const actor = await staffMember();
    const job = await createJob(
      handle.db,
      actor,
      listing({
        responsibilities: ["Ship features", "", "  Review code  "],
        requirements: ["TypeScript"],
        benefits: [],
      }),
    );
    expect(job.slug).toBe("frontend-developer");
    const stored = await getPublishedJob(handle.db, "frontend-developer");
    expect(stored).toMatchObject({
      title: "Frontend Developer",
      responsibilities: ["Ship features", "Review code"],
      requirements: ["TypeScript"],
      benefits: [],
      published: true,
    });
  });

  it("shows job seekers published listings only; hiding and publishing again take effect at once", async () => {
    const actor = await staffMember();
    const open = await createJob(handle.db, actor, listing({ title: "Designer" }));
    const hidden = await createJob(handle.db, actor, listing({ title: "Intern", published: false }));
    expect((await listPublishedJobs(handle.db)).map((j) => j.title)).toEqual(["Designer"]);
    expect(await getPublishedJob(handle.db, hidden.slug)).toBeUndefined();
    expect((await listAllJobs(handle.db)).map((j) => j.title).sort()).toEqual(["Designer", "Intern"]);

    await setJobPublished(handle.db, actor, open.id, false);
    await setJobPublished(handle.db, actor, hidden.id, true);
    expect((await listPublishedJobs(handle.db)).map((j) => j.title)).toEqual(["Intern"]);
  });

  it("refuses an address another listing has, naming it; the listing itself may keep its own", async () => {
    const actor = await staffMember();
    const first = await createJob(handle.db, actor, listing({ slug: "developer" }));
    const clash = createJob(handle.db, actor, listing({ title: "Another", slug: "developer" }));
    await expect(clash).rejects.toBeInstanceOf(SlugTakenError);
    await expect(clash).rejects.toThrow(
      "Adressen /careers/developer brukes allerede av en annen annonse. Velg en annen slug.",
    );
    const edited = await updateJob(handle.db, actor, first.id, listing({ slug: "developer", location: "Bergen" }));
    expect(edited).toMatchObject({ slug: "developer", location: "Bergen" });
  });

  it("deletes a listing once; an unknown or malformed id changes nothing", async () => {
    const actor = await staffMember();
    const job = await createJob(handle.db, actor, listing());
    expect(await deleteJob(handle.db, actor, job.id)).toMatchObject({ id: job.id });
    await expect(deleteJob(handle.db, actor, job.id)).rejects.toThrow(new NotFoundError(JOB_GONE));
    expect(await getJob(handle.db, job.id)).toBeUndefined();
    await expect(updateJob(handle.db, actor, job.id, listing())).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateJob(handle.db, actor, "not-a-uuid", listing())).rejects.toBeInstanceOf(NotFoundError);
    await expect(setJobPublished(handle.db, actor, "not-a-uuid", true)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses what the form refuses, with its message", () => {
    const message = (fields: Record<string, unknown>) =>
      jobInputSchema.safeParse({ ...listing(), ...fields }).error?.issues[0]?.message;
    expect(message({ applyLink: "http://example.com/apply" })).toBe(APPLY_LINK_MESSAGE);
    expect(message({ applyLink: "javascript:alert(1)" })).toBe(APPLY_LINK_MESSAGE);
    expect(message({ type: "Forever" })).toBe("Velg en stillingstype");
    expect(message({ title: "!!!", slug: "" })).toBe("Slugen må ha minst én bokstav eller ett siffer");
    expect(message({ responsibilities: Array.from({ length: 21 }, (_, i) => `Task ${i}`) })).toBe(
      "Høyst 20 punkter per liste",
    );
  });
});
