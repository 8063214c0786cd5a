import { FormProvider, getFormProps, useField, useFormMetadata } from "@conform-to/react";
import { createContext, useContext } from "react";
import { Form } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FieldError } from "~/components/field-error";
import { TextareaField, TextField } from "~/components/forms/fields";
import { type MediaChoice, MediaPicker } from "~/components/staff/media-picker";
import { SeoFields } from "~/components/staff/seo-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import {
  type EditorSpec,
  FIELD_LIMITS,
  type FieldGroup,
  type FieldSpec,
  itemPath,
  type ListSpec,
  type PictureSpec,
  type SeoSpec,
} from "~/lib/pages/page-fields";
import { draftFormSchema, type PageDocument, type PageKey, pageDefinition } from "~/lib/pages/page-registry";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

type Props = {
  page: PageKey;
  revision: number;
  content: PageDocument;
  /** The action's answer; the editor's when it answers "save" (the page also has "discard"). */
  actionData?: FormResult;
  /** The library's images, for a page with pictures. */
  media?: MediaChoice[];
};

const MediaChoices = createContext<MediaChoice[]>([]);
/** The page's public address, for the search result's preview. */
const PagePath = createContext("/");

/**
 * The editor of one page's words, made from the page's field descriptions: every text in
 * page order, in the page's groups, each checked with the limits its place in the layout
 * can take (the same schema the server saves with). The draft revision the form was
 * opened at goes with it: a save on a page someone changed meanwhile is refused.
 */
export function PageEditorForm({ page, revision, content, actionData, media = [] }: Props) {
  const definition = pageDefinition(page);
  const mine = resultFor("save", actionData);
  const error = mine?.error;
  const busy = useIsPending({ intent: "save" });
  const [form] = useSchemaForm("page-editor", draftFormSchema(definition), {
    lastResult: mine?.result,
    defaultValue: { revision: String(revision), content } as never,
  });
  return (
    <MediaChoices.Provider value={media}>
      <PagePath.Provider value={definition.path}>
        <FormProvider context={form.context}>
          <Form method="post" {...getFormProps(form)} className="cms-form page-editor">
            <input type="hidden" name="intent" value="save" />
            <RevisionField />
            {definition.groups.map((group) => (
              <EditorGroup key={group.id} group={group} />
            ))}
            {error ? (
              <p className="auth-message error" role="alert" id="page-editor-conflict">
                {error}
              </p>
            ) : (
              <FieldError id={form.errorId} errors={form.errors} />
            )}
            <div className="page-editor-actions">
              <button type="submit" className="button button-small" disabled={busy}>
                Lagre utkast
              </button>
            </div>
          </Form>
        </FormProvider>
      </PagePath.Provider>
    </MediaChoices.Provider>
  );
}

function RevisionField() {
  const [field] = useField<string>("revision");
  return <input type="hidden" name={field.name} defaultValue={field.initialValue} key={field.key} />;
}

function EditorGroup({ group }: { group: FieldGroup }) {
  // The search-engine panel is its own <details> and fieldset, like on posts and jobs.
  const [only] = group.fields;
  if (group.fields.length === 1 && only && "type" in only && only.type === "seo") return <SeoPanel spec={only} />;
  return (
    <fieldset className="page-editor-group" id={`group-${group.id}`}>
      <legend>{group.label}</legend>
      {group.hint ? <p className="field-hint">{group.hint}</p> : null}
      {group.fields.map((spec) => (
        <EditorPart key={spec.name} spec={spec} path={`content.${spec.name}`} />
      ))}
    </fieldset>
  );
}

/** One part of the document at `path`: a text, a picture or a list. */
function EditorPart({ spec, path }: { spec: EditorSpec; path: string }) {
  if (!("type" in spec)) return <EditorField spec={spec} path={path} />;
  if (spec.type === "picture") return <PictureField spec={spec} path={path} />;
  if (spec.type === "seo") return <SeoPanel spec={spec} />;
  return <EditorList spec={spec} path={path} />;
}

/**
 * A list staff can grow, shrink and reorder: each item its own fieldset with "Flytt opp",
 * "Flytt ned" and "Fjern" at its top (a legal section is long), and "Legg til" below. The buttons are Conform's list intents:
 * in the browser at once, and without JavaScript a round trip that answers the changed
 * form (nothing is saved until "Lagre utkast").
 */
function EditorList({ spec, path }: { spec: ListSpec; path: string }) {
  const form = useFormMetadata();
  const [field] = useField<unknown[]>(path);
  const items = field.getFieldList();
  const legend = `${field.id}-legend`;
  return (
    <fieldset className="page-editor-list" aria-labelledby={legend} data-list={spec.name}>
      <legend id={legend}>{spec.label}</legend>
      {spec.hint ? <p className="field-hint">{spec.hint}</p> : null}
      <ol className="page-editor-items">
        {items.map((item, index) => {
          const itemName = `${spec.itemLabel} ${index + 1}`;
          return (
            <li key={item.key} className="page-editor-item">
              <fieldset>
                <legend>{itemName}</legend>
                <div className="page-editor-item-actions">
                  <button
                    className="button button-small button-ghost"
                    {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                    disabled={index === 0}
                    aria-label={`Flytt ${itemName.toLowerCase()} opp`}
                  >
                    Flytt opp
                  </button>
                  <button
                    className="button button-small button-ghost"
                    {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                    disabled={index === items.length - 1}
                    aria-label={`Flytt ${itemName.toLowerCase()} ned`}
                  >
                    Flytt ned
                  </button>
                  <button
                    className="button button-small button-ghost button-danger"
                    {...form.remove.getButtonProps({ name: field.name, index })}
                    disabled={items.length <= spec.min}
                    aria-label={`Fjern ${itemName.toLowerCase()}`}
                  >
                    Fjern
                  </button>
                </div>
                {spec.fields.map((child) => (
                  <EditorPart key={child.name || "value"} spec={child} path={itemPath(item.name, child.name)} />
                ))}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError id={field.errorId} errors={field.errors} />
      <button
        className="button button-small button-ghost"
        {...form.insert.getButtonProps({ name: field.name, defaultValue: spec.newItem as never })}
        disabled={items.length >= spec.max}
      >
        Legg til {spec.itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** A picture from the media library, and its alt text (required with a picture). */
function PictureField({ spec, path }: { spec: PictureSpec; path: string }) {
  const choices = useContext(MediaChoices);
  const parent = path.slice(0, path.length - spec.name.length);
  const [picture] = useField<string>(path);
  const [alt] = useField<string>(`${parent}${spec.altName}`);
  const current = picture.initialValue ?? "";
  return (
    <div className="page-editor-field page-editor-picture">
      <p className="page-editor-picture-label">
        {spec.label}
        {current ? (
          <img src={current} alt="" width={48} height={48} className="page-editor-thumb" />
        ) : (
          <span className="field-hint"> (ingen)</span>
        )}
      </p>
      {spec.hint ? <p className="field-hint">{spec.hint}</p> : null}
      <MediaPicker key={picture.key} name={picture.name} choices={choices} defaultValue={current} allowNone />
      <FieldError id={picture.errorId} errors={picture.errors} />
      <TextField
        field={alt}
        label="Alt-tekst for bildet"
        hint="Hva bildet viser, for dem som ikke ser det. Kreves når det er valgt et bilde."
      />
    </div>
  );
}

/**
 * The page's search-engine fields: its description (required: every page has its own)
 * and the optional title, share image and "hide", in the panel posts, jobs and case
 * studies have, with the search result's preview.
 */
function SeoPanel({ spec }: { spec: SeoSpec }) {
  const media = useContext(MediaChoices);
  const path = useContext(PagePath);
  const [description] = useField<string>("content.metaDescription");
  const [title] = useField<string>("content.seo.title");
  const [shareImage] = useField<string>("content.seo.shareImage");
  const [noindex] = useField<boolean>("content.seo.noindex");
  return (
    <SeoFields
      fields={{ seo_title: title, seo_description: description, share_image: shareImage, noindex }}
      fallback={{ title: spec.title, description: "" }}
      path={path}
      media={media}
      imageFallback="standardbildet"
      descriptionHint={`Kreves. Vises i søkeresultatet; 140–160 tegn er best, høyst ${FIELD_LIMITS.meta.max}.`}
    />
  );
}

function EditorField({ spec, path }: { spec: FieldSpec; path: string }) {
  const [field] = useField<string>(path);
  const limit = FIELD_LIMITS[spec.kind];
  const hint = `${spec.hint ? `${spec.hint} ` : ""}Høyst ${limit.max} tegn.`;
  return limit.lines === "multi" ? (
    <TextareaField
      field={field}
      label={spec.label}
      hint={hint}
      className="page-editor-field"
      rows={limit.max > 400 ? 5 : 3}
    />
  ) : (
    <TextField field={field} label={spec.label} hint={hint} className="page-editor-field" />
  );
}
