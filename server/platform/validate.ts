import type { z } from "zod";
import { toValidationErrors } from "../../common/validation/messages";
import { AppError } from "./app-error";

/** Parses with a shared schema; a failure becomes E_VALIDATION with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = toValidationErrors(result.error);
  const first = Object.values(fieldErrors)[0] ?? { key: "validation.invalid" };
  throw new AppError("E_VALIDATION", first, { fieldErrors });
}
