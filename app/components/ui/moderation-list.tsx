import type { ReactNode } from "react";
import { REVIEW_STATES } from "../../../common/companies";
import { useTranslation } from "../../lib/i18n";

/**
 * The moderation page's list in one tab (company reviews, package reviews, blog comments): the
 * state filter as a plain GET form (it works without JavaScript) and the items, or the empty
 * message. Blog comments and reviews have the same states.
 */
export function ModerationList<T extends { id: number }>({
  base,
  tab,
  state,
  rows,
  total,
  item,
}: {
  base: string;
  tab: string;
  state: string;
  rows: readonly T[];
  total: number;
  item: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <form
        method="get"
        action={base}
        className="mb-4 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="sekme" value={tab} />
        <label className="flex flex-col gap-1">
          <span className="font-medium">
            {t("companyAdmin.comments.filter")}
          </span>
          <select name="durum" defaultValue={state} className="field-input">
            <option value="tumu">{t("companyAdmin.comments.stateAll")}</option>
            {REVIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`companyAdmin.reviewStates.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-ghost">
          {t("companyAdmin.comments.apply")}
        </button>
      </form>
      {rows.length === 0 ? (
        <p>{t("companyAdmin.comments.empty")}</p>
      ) : (
        <ul
          className="space-y-4"
          aria-label={t("companyAdmin.comments.caption", { count: total })}
        >
          {rows.map((r) => item(r))}
        </ul>
      )}
    </>
  );
}
