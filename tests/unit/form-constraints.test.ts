import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { profileSchema } from "~/lib/auth/account-forms";
import { passwordChangeSchema, twoStepOffSchema } from "~/lib/auth/settings-forms";
import { signInSchema } from "~/lib/auth/sign-in-forms";
import { jobFormFields } from "~/lib/careers/job-form";
import { schemaConstraint } from "~/lib/platform/form-constraints";

// The HTML attributes a form's fields get from its schema: what keeps lengths and required
// fields working in a browser without JavaScript, and what the browser checks first.
describe("form constraints from the shared schemas", () => {
  it("give the sign-in fields their lengths and make both required", () => {
    expect(schemaConstraint(signInSchema)).toEqual({
      email: { required: true, minLength: 1, maxLength: 254 },
      password: { required: true, minLength: 1, maxLength: 1024 },
    });
  });

  it("give a new password the password rules' 12 to 128 characters", () => {
    const constraints = schemaConstraint(passwordChangeSchema);
    expect(constraints.next).toEqual({ required: true, minLength: 12, maxLength: 128 });
    expect(constraints.current?.required).toBe(true);
  });

  it("make the current password required only where the form asks for it", () => {
    expect(schemaConstraint(twoStepOffSchema(true)).password?.required).toBe(true);
    expect(schemaConstraint(twoStepOffSchema(false)).password?.required).toBe(false);
    expect(schemaConstraint(twoStepOffSchema(false)).password?.maxLength).toBe(1024);
  });

  it("reach the fields of staff forms too (names, job listings)", () => {
    expect(schemaConstraint(profileSchema).fullName).toMatchObject({ required: true, maxLength: 120 });
    expect(schemaConstraint(jobFormFields).description).toMatchObject({ required: true, maxLength: 5000 });
  });

  it("still add what Conform leaves out (when this fails, Conform reads zod's lengths again: drop the helper)", () => {
    expect(getZodConstraint(signInSchema).email?.maxLength).toBeUndefined();
  });
});
