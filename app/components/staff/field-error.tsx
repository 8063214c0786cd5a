/** A form field's first error, announced when it appears; the field points at it (aria-describedby). */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} className="field-error" role="alert">
      {errors[0]}
    </p>
  ) : null;
}
