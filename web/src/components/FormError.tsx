/** A form's error, read out when it appears (role="alert"); nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p class="error" role="alert">
      {message}
    </p>
  ) : null;
}
