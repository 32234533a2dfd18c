import { sql } from "drizzle-orm";
import { accountSchema } from "../../common/forms/settings";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { findProvinceByCode } from "../reference/cities";
import { requireUser } from "./permissions";
import { liveUser } from "./profile";
import type { SessionUser } from "./sessions";

/** Saves the account tab (full name, phone, city, about, skills) of the signed-in user. */
export async function updateProfile(app: AppContext, opts: { user: SessionUser | null; input: unknown }): Promise<void> {
  const user = requireUser(opts);
  const values = parseInput(accountSchema, opts.input);
  if (values.cityCode !== null && !findProvinceByCode(values.cityCode)) {
    throw new AppError("E_VALIDATION", "settings.validation.city.invalid", {
      fieldErrors: { cityCode: { key: "settings.validation.city.invalid" } },
    });
  }
  const rows = await app.db
    .update(users)
    .set({
      fullName: values.fullName,
      phone: values.phone,
      cityCode: values.cityCode,
      about: values.about,
      skills: values.skills,
      updatedAt: sql`now()`,
    })
    .where(liveUser(user.id))
    .returning({ id: users.id });
  if (rows.length === 0) throw new AppError("E_NOT_FOUND", "settings.errors.userNotFound");
}
