import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "zod";

type Constraints = ReturnType<typeof getZodConstraint>;

/**
 * The HTML constraints of a form's fields (required, minlength, maxlength, …) from its zod
 * schema, the attributes that keep the rules working without JavaScript.
 *
 * Conform 1.21's `getZodConstraint` reads a string's lengths from `schema._zod.bag`, which
 * zod 4.6 no longer fills for its own checks: it answered only `required`. The lengths are
 * added here from zod's public `minLength` / `maxLength`, for the fields of an object schema
 * (optional ones included). Remove this once Conform reads them itself again
 * (tests/unit/form-constraints.test.ts says when).
 */
export function schemaConstraint(schema: z.ZodType): Constraints {
  const constraints = getZodConstraint(schema);
  const shape = objectShape(schema);
  if (!shape) return constraints;
  for (const [name, field] of Object.entries(shape)) {
    const text = unwrapOptional(field);
    if (!(text instanceof z.ZodString)) continue;
    const constraint = (constraints[name] ??= {});
    if (text.minLength !== null && text.minLength > 0) constraint.minLength ??= text.minLength;
    if (text.maxLength !== null) constraint.maxLength ??= text.maxLength;
  }
  return constraints;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in as z.ZodType);
  return undefined;
}

function unwrapOptional(field: z.ZodType): z.ZodType {
  return field instanceof z.ZodOptional || field instanceof z.ZodDefault ? unwrapOptional(field.unwrap() as z.ZodType) : field;
}
