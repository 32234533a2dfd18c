import type { z } from "zod";
import type { MessageKey } from "../../../common/i18n";
import { toValidationErrors, type ValidationErrors } from "../../../common/validation/messages";

/**
 * What the browser's check gives the schema: the fields in `names` (all of them when absent) and
 * every hidden field of the form. A hidden field (the flat's code, a package id) is sent with the
 * form, so the server's schema reads it; leaving it out of the check would refuse, in the browser
 * only, a form the server accepts.
 */
export function checkedValues(
  entries: Iterable<[string, FormDataEntryValue]>,
  hidden: readonly string[],
  names?: readonly string[],
): Record<string, FormDataEntryValue | undefined> {
  const all = new Map<string, FormDataEntryValue>();
  for (const [k, v] of entries) if (!all.has(k)) all.set(k, v);
  const values: Record<string, FormDataEntryValue | undefined> = {};
  for (const n of names ?? all.keys()) values[n] = all.get(n);
  for (const n of hidden) if (!(n in values)) values[n] = all.get(n);
  return values;
}

/** The names of a form's hidden inputs. */
function hiddenNames(form: HTMLFormElement): string[] {
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[type="hidden"][name]'), (i) => i.name);
}

/**
 * The browser's check of a form with the server's schema, loaded on the first submit so zod stays
 * out of every page's first load (decision 006). `names`: the visible fields the schema reads
 * (default all); hidden fields are always read (see checkedValues).
 */
export function schemaCheck(load: () => Promise<z.ZodType>, names?: readonly string[]) {
  return async (form: HTMLFormElement): Promise<ValidationErrors> => {
    const schema = await load();
    const parsed = schema.safeParse(checkedValues(new FormData(form), hiddenNames(form), names));
    return parsed.success ? {} : toValidationErrors(parsed.error);
  };
}

/** A file field whose size the browser checks before the upload (the server refuses it with the same message). */
export interface FileLimit {
  field: string;
  maxMb: number;
  key: MessageKey;
}

/**
 * The browser's check of a form whose fields the action maps to the schema's input (lists,
 * checkboxes, money): the same mapping, the server's schema loaded on the first submit, and the
 * size of the files in `files`.
 */
export function mappedSchemaCheck(
  load: () => Promise<z.ZodType>,
  fromFields: (get: (name: string) => string | undefined, getAll: (name: string) => string[]) => unknown,
  files: readonly FileLimit[] = [],
) {
  return async (form: HTMLFormElement): Promise<ValidationErrors> => {
    const schema = await load();
    const fd = new FormData(form);
    const input = fromFields(
      (n) => {
        const v = fd.get(n);
        return typeof v === "string" ? v : undefined;
      },
      (n) => fd.getAll(n).filter((v): v is string => typeof v === "string"),
    );
    const parsed = schema.safeParse(input);
    const errors = parsed.success ? {} : toValidationErrors(parsed.error);
    for (const limit of files) {
      const file = fd.get(limit.field);
      if (file instanceof File && file.name !== "" && file.size > limit.maxMb * 1024 * 1024) {
        errors[limit.field] = { key: limit.key, params: { max: limit.maxMb } };
      }
    }
    return errors;
  };
}
