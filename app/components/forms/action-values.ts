import { data } from "react-router";

/** Adds the submitted non-secret values to a formFailure() answer, keeping its status and headers. */
export function withValues<T extends object>(res: { data: T; init: ResponseInit | null }, values: Record<string, string>) {
  return data({ ...res.data, values }, res.init ?? undefined);
}

/** The string value of a form field ("" when absent or a file). */
export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** A form's fields as the shared schemas expect them: absent checkboxes stay absent. */
export function formObject(form: FormData, names: readonly string[]): Record<string, FormDataEntryValue | undefined> {
  return Object.fromEntries(names.map((n) => [n, form.get(n) ?? undefined]));
}
