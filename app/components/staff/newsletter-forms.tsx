import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FieldError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { type MediaChoice, MediaPicker } from "~/components/staff/media-picker";
import { useSchemaForm } from "~/components/use-schema-form";
import { fromPostSchema, issueSchema, sendSchema } from "~/lib/newsletter/issue-forms";
import type { FormResult } from "~/lib/platform/form-result";

/**
 * The newsletter pages' forms: writing an issue, and confirming a send. Conform forms
 * over the schemas the server parses with, so lengths and messages are the same on both
 * sides; without JavaScript they are plain form posts.
 */

export type { MediaChoice };

type IssueDefaults = { subject: string; preheader: string; body: string; featuredImage: string };

export function IssueForm({
  defaults,
  media,
  actionData,
  submitLabel,
}: {
  defaults: IssueDefaults;
  media: MediaChoice[];
  actionData?: FormResult;
  submitLabel: string;
}) {
  // The route's own action ("Send test til meg" beside it posts to another address).
  const busy = useIsPending();
  const [form, fields] = useSchemaForm("newsletter-issue-form", issueSchema, { lastResult: actionData?.result, defaultValue: defaults });
  const chosen = media.find((item) => item.path === (fields.featuredImage.value ?? defaults.featuredImage));
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form">
      <TextField field={fields.subject} label="Emnelinje" />
      <TextField
        field={fields.preheader}
        label="Forhåndstekst (valgfri)"
        hint="Linjen e-postprogrammer viser etter emnet i innboksen."
      />
      <TextareaField
        field={fields.body}
        label="Tekst (på engelsk, som nettstedet)"
        hint="Som blogginnlegg: hver linje blir et avsnitt. Lenker skrives som de er."
        rows={14}
      />

      {/* By hand: a picker from the library, not a control the form kit knows (decision 055). */}
      <p className="field-label" id={fields.featuredImage.id}>
        Hovedbilde (valgfritt)
      </p>
      {chosen ? <img src={chosen.thumb} alt={chosen.alt} className="editor-preview" /> : null}
      <MediaPicker
        key={fields.featuredImage.key}
        name={fields.featuredImage.name}
        choices={media}
        defaultValue={typeof fields.featuredImage.initialValue === "string" ? fields.featuredImage.initialValue : defaults.featuredImage}
        allowNone
        open={Boolean(fields.featuredImage.errors)}
      />
      <p className="field-hint">Fra mediebiblioteket (Media). Samme bilde for alle mottakere; alt-teksten er bildets i biblioteket.</p>
      <FieldError id={fields.featuredImage.errorId} errors={fields.featuredImage.errors} />

      <div className="editor-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      <FormNotice data={actionData} />
    </Form>
  );
}

export function SendConfirmForm({
  recipients,
  actionData,
}: {
  recipients: number;
  actionData?: FormResult;
}) {
  // "Send senere" on the same page sends an intent; sending now sends none.
  const busy = useIsPending({ intent: null });
  const [form, fields] = useSchemaForm("newsletter-send-form", sendSchema, { lastResult: actionData?.result });
  const who = recipients === 1 ? "1 abonnent" : `${recipients.toLocaleString("nb-NO")} abonnenter`;
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form">
      <input type="hidden" name="expectedRecipients" value={recipients} />
      <CheckboxField field={fields.confirm} label={`Jeg har sett forhåndsvisningen og vil sende nyhetsbrevet til ${who}`} />
      <div className="editor-actions">
        <button type="submit" className="button" disabled={busy}>
          Send til {who}
        </button>
      </div>
    </Form>
  );
}

/** "Start fra et publisert innlegg": a draft made from a post (the route answers with a flash line). */
export function FromPostForm({ posts }: { posts: { id: string; title: string }[] }) {
  const [form, fields] = useSchemaForm("newsletter-from-post", fromPostSchema, { defaultValue: { postId: posts[0]?.id } });
  return (
    <Form method="post" action="/admin/newsletter/from-post" {...getFormProps(form)} className="inline-form newsletter-from-post">
      <SelectField
        field={fields.postId}
        label="Start fra et publisert innlegg"
        options={posts.map((post) => ({ value: post.id, label: post.title }))}
      />
      <button type="submit" className="button button-small button-ghost">
        Lag kladd
      </button>
    </Form>
  );
}
