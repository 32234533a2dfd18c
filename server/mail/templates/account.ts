import type { Locale } from "../../../common/format";
import { formatDate } from "../../../common/format";
import { getT } from "../../i18n";

/** The mail confirming a deletion request: what happens now, until when it can be undone, how. */
export function deletionNoticeMail(opts: {
  locale: Locale;
  fullName: string;
  requestedAt: Date;
  erasureAt: Date;
  contactUrl: string;
  contactEmail: string;
}): { subject: string; text: string } {
  const t = getT(opts.locale);
  const params = {
    name: opts.fullName,
    requestedDate: formatDate(opts.requestedAt),
    erasureDate: formatDate(opts.erasureAt),
    contactUrl: opts.contactUrl,
    contactEmail: opts.contactEmail,
  };
  const text = [
    t("settings.mail.deletion.greeting", params),
    "",
    t("settings.mail.deletion.received", params),
    t("settings.mail.deletion.accessEnded", params),
    "",
    t("settings.mail.deletion.kept", params),
    t("settings.mail.deletion.restore", params),
    "",
    t("settings.mail.deletion.erased", params),
    "",
    t("settings.mail.deletion.notYou", params),
    "",
    t("settings.mail.deletion.signature", params),
  ].join("\n");
  return { subject: t("settings.mail.deletion.subject", params), text };
}
