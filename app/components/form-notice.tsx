/**
 * The line under a staff form after its action: an error is an alert, a success a
 * status (announced without interrupting).
 */
export function FormNotice({ data }: { data: { message?: string | null; error?: string | null } | undefined }) {
  if (data?.error) {
    return (
      <p className="auth-message error" role="alert">
        {data.error}
      </p>
    );
  }
  return data?.message ? (
    <p className="auth-message success" role="status">
      {data.message}
    </p>
  ) : null;
}
