import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { FieldError } from "~/components/field-error";
import { TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";
import { useSchemaForm } from "~/components/use-schema-form";
import type { FormResult } from "~/lib/platform/form-result";
import { countryName, type StudioDetails } from "~/lib/studio/studio-details";
import { STUDIO_LIMITS, studioFormSchema } from "~/lib/studio/studio-forms";

type Props = { details: StudioDetails; version: number; actionData?: FormResult };

/** Above the form when the server found fields to fix: they may be far down the page. */
const FIX_FIELDS = "Noe må rettes før detaljene kan lagres: se feltene under.";

/** The line above the form: the action's own (saved, or refused and why), else the fields to fix. */
function noticeOf(actionData: FormResult | undefined) {
  if (actionData?.error || actionData?.message) return actionData;
  return actionData?.result.status === "error" ? { error: FIX_FIELDS } : undefined;
}

/**
 * /admin/settings/studio's form: every detail the site and the e-mails show about the
 * studio, over the schema the server parses with. The social links' add, remove and move
 * buttons are Conform intents: they work without JavaScript too.
 */
export function StudioDetailsForm({ details, version, actionData }: Props) {
  const busy = useIsPending({ state: "submitting" });
  const [form, fields] = useSchemaForm("studio-form", studioFormSchema, {
    lastResult: actionData?.result,
    defaultValue: { ...details, version: String(version) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form studio-form">
      <input {...getInputProps(fields.version, { type: "hidden" })} key={fields.version.key} />
      <FormNotice data={noticeOf(actionData)} />

      <fieldset className="studio-group">
        <legend>Navn og kontakt</legend>
        <TextField className="studio-field" field={fields.name} label="Navn" hint="Navnet besøkende leser i tekstene: «Fjord & Form»." />
        <TextField className="studio-field" field={fields.legalName} label="Juridisk navn" hint="Som i Brønnøysundregistrene: «Fjord & Form AS»." />
        <TextField className="studio-field" field={fields.email} label="E-post" type="email" hint="Vises i bunnteksten og e-postene, og får varsler om nye henvendelser." />
        <TextField className="studio-field" field={fields.phone} label="Telefon (valgfritt)" type="tel" hint="Tomt: ingen telefon vises." />
        <TextField
          className="studio-field"
          field={fields.organisationNumber}
          label="Organisasjonsnummer"
          inputMode="numeric"
          hint="Ni sifre; kontrollsifferet sjekkes. Vises som «923 456 783»."
        />
      </fieldset>

      <fieldset className="studio-group">
        <legend>Adresse</legend>
        <TextField className="studio-field" field={fields.street} label="Gateadresse" />
        <div className="cms-row">
          <TextField className="studio-field" field={fields.postalCode} label="Postnummer" inputMode="numeric" />
          <TextField className="studio-field" field={fields.city} label="Sted" />
          <TextField
            className="studio-field"
            field={fields.countryCode}
            label="Landkode"
            hint={`To bokstaver: ${fields.countryCode.value ? `${fields.countryCode.value.toUpperCase()} = ${countryName(fields.countryCode.value.toUpperCase(), "nb")}` : "NO = Norge"}.`}
          />
        </div>
        <TextField className="studio-field" field={fields.venueCourt} label="Verneting" hint="Domstolen vilkårene avtaler: «Oslo tingrett»." />
      </fieldset>

      <SocialLinks form={form} field={fields.socialLinks} />

      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Lagrer …" : "Lagre detaljene"}
        </button>
      </div>
    </Form>
  );
}

type StudioForm = ReturnType<typeof useSchemaForm<typeof studioFormSchema>>[0];
type LinksField = ReturnType<typeof useSchemaForm<typeof studioFormSchema>>[1]["socialLinks"];

/** The social links: a name and an https address each; added, removed and moved by buttons. */
function SocialLinks({ form, field }: { form: StudioForm; field: LinksField }) {
  const links = field.getFieldList();
  return (
    <fieldset className="list-editor studio-group">
      <legend>Lenker til sosiale medier</legend>
      <p className="field-hint">Vises i bunnteksten og i søkemotorenes data om studioet, i denne rekkefølgen.</p>
      {links.length > 0 ? (
        <ol className="social-links">
          {links.map((link, index) => {
            const { label, url } = link.getFieldset();
            const n = index + 1;
            return (
              <li key={link.key} className="social-link-row">
                <div>
                  <TextField field={label} label={`Navn ${n}`} maxLength={STUDIO_LIMITS.socialLabel} placeholder="LinkedIn" />
                </div>
                <div>
                  <TextField field={url} label={`Adresse ${n}`} type="url" placeholder="https://" />
                </div>
                <div className="row-actions">
                  <button
                    {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                    className="icon-button"
                    disabled={index === 0}
                    aria-label={`Flytt lenke ${n} opp`}
                  >
                    ↑
                  </button>
                  <button
                    {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                    className="icon-button"
                    disabled={index === links.length - 1}
                    aria-label={`Flytt lenke ${n} ned`}
                  >
                    ↓
                  </button>
                  <button
                    {...form.remove.getButtonProps({ name: field.name, index })}
                    className="icon-button"
                    aria-label={`Fjern lenke ${n}`}
                  >
                    ✕
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p>Ingen lenker.</p>
      )}
      {links.length < STUDIO_LIMITS.socialLinks ? (
        <button {...form.insert.getButtonProps({ name: field.name })} className="button button-small button-ghost">
          Legg til lenke
        </button>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
