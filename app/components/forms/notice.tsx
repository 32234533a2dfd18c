import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { NOTICE_PARAM, noticeFromParam } from "../../../common/forms/notices";
import { useTranslation } from "../../lib/i18n";
import { useRootData } from "../../lib/root-data";
import { SuccessMessage } from "./summary";

/** The message an action's redirect asked for (?bildirim=…), focused when the page opens so it is read out. */
export function ActionNotice() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const [params] = useSearchParams();
  const notice = noticeFromParam(params.get(NOTICE_PARAM));
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  let text: string;
  if (notice === "registered") text = user ? t("notices.registered", { email: user.email }) : t("notices.registeredNoEmail");
  else text = t(`notices.${notice}`);
  return (
    <div className="mx-auto max-w-5xl px-4 pt-4" data-notice={notice}>
      <SuccessMessage ref={ref}>{text}</SuccessMessage>
    </div>
  );
}
