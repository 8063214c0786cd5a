/** A form field's first error, under the field (Conform's errorId links it to the field). */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} className="field-error" role="alert">
      {errors[0]}
    </p>
  ) : null;
}
