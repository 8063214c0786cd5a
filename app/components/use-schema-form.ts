import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import type { z } from "zod";

/**
 * A form checked by one of the zod schemas the server also parses with: the browser
 * shows the same messages the server would answer, first when the form is sent, then
 * as the person corrects it. Lengths and required fields (the HTML attributes that keep
 * working without JavaScript) come from the schema too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- form values are any shape of object
type FormShape = Record<string, any>;

export function useSchemaForm<Schema extends z.ZodType<FormShape, FormShape>>(
  id: string,
  schema: Schema,
  options: { lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: schemaConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
