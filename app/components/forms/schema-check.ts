import type { z } from "zod";
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
