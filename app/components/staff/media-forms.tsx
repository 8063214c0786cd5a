import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { useState } from "react";
import { Form } from "react-router";
import { TextareaField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";
import { ALT_TEXT_MAX_LENGTH, altTextSchema } from "~/lib/media/media-forms";
import type { FormResult } from "~/lib/platform/form-result";


/** An image's alt text in the library: a Conform form over the schema the server parses with. */
export function AltTextForm({ defaultValue, actionData }: { defaultValue: string; actionData?: FormResult }) {
  const busy = useIsPending({ intent: "alt" });
  const [form, fields] = useSchemaForm("media-alt-form", altTextSchema, { lastResult: actionData?.result, defaultValue: { altText: defaultValue } });
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form">
      <input type="hidden" name="intent" value="alt" />
      <TextareaField
        field={fields.altText}
        label="Alt-tekst"
        rows={3}
        hint={`Hva bildet viser, for dem som ikke ser det (høyst ${ALT_TEXT_MAX_LENGTH} tegn, på engelsk som nettstedet). Brukes overalt der bildet vises. Tomt felt: bildet regnes som pynt.`}
      />
      <div className="editor-actions">
        <button type="submit" className="button" disabled={busy}>
          Lagre alt-tekst
        </button>
      </div>
      <FormNotice data={actionData} />
    </Form>
  );
}

/** The address to put in a post, with a copy button (with JavaScript; without, it can be selected). */
export function CopyUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="copy-url">
      <code>{url}</code>
      <button
        type="button"
        className="button button-small button-ghost"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {copied ? "Kopiert" : "Kopier adresse"}
      </button>
    </span>
  );
}
