import type { z } from "zod";
import type { MessageKey } from "../../../common/i18n";
import { toValidationErrors, type ValidationErrors } from "../../../common/validation/messages";

/**
 * The browser's check of a form with the server's schema, loaded on the first submit so zod stays
 * out of every page's first load (decision 006). `names`: the fields the schema reads (default all).
 */
export function schemaCheck(load: () => Promise<z.ZodType>, names?: readonly string[]) {
  return async (form: HTMLFormElement): Promise<ValidationErrors> => {
    const schema = await load();
    const fd = new FormData(form);
    const values: Record<string, FormDataEntryValue | undefined> = {};
    if (names) for (const n of names) values[n] = fd.get(n) ?? undefined;
    else for (const [k, v] of fd) values[k] = v;
    const parsed = schema.safeParse(values);
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
