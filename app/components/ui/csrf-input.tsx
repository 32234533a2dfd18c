import { useRootData } from "../../lib/root-data";

/** The CSRF token every form posts back (checked by the action). */
export function CsrfInput() {
  const { csrfToken } = useRootData();
  return <input type="hidden" name="csrf" value={csrfToken} />;
}
