import type { Locale } from "../../../common/format";
import { formatDate, formatPriceParts } from "../../../common/format";
import { REMINDER_CONFIRM_DAYS, REMINDER_KEEP_AFTER_SENT_DAYS } from "../../../common/reminders";
import { getT } from "../../i18n";

/** An amount in the mail's language: lira in Turkish; dollars with the lira beside them in English (as the site shows it). */
function money(kurus: number, locale: Locale, usdPerTry: number): string {
  const parts = formatPriceParts(kurus / 100, locale, usdPerTry);
  return parts.secondary ? `${parts.primary} (${parts.secondary})` : parts.primary;
}

/** The double opt-in mail of a guest's commitment reminder. */
export function reminderConfirmMail(opts: {
  locale: Locale;
  title: string;
  company: string;
  endsOn: string;
  remindOn: string;
  link: string;
  unsubscribe: string;
}): { subject: string; text: string } {
  const t = getT(opts.locale);
  return {
    subject: t("packages.reminder.mail.confirmSubject"),
    text: t("packages.reminder.mail.confirmBody", {
      title: opts.title,
      company: opts.company,
      date: formatDate(opts.endsOn),
      remindOn: formatDate(opts.remindOn),
      link: opts.link,
      unsubscribe: opts.unsubscribe,
      days: REMINDER_CONFIRM_DAYS,
    }),
  };
}

export interface ReminderMailPackage {
  title: string;
  company: string;
  /** The package fee + modem rental once the commitment ends, from the stored terms. */
  afterKurus: number;
  priceConfirmedOn: string;
  link: string;
}

export interface ReminderMailSuggestion {
  title: string;
  company: string;
  effectiveMonthlyKurus: number;
  totalCostKurus: number;
  horizonMonths: number;
  link: string;
}

/**
 * The reminder itself: when the commitment ends, what the package costs a month after it, and
 * up to three packages sold in the province that cost less a month over a new commitment.
 */
export function commitmentReminderMail(opts: {
  locale: Locale;
  usdPerTry: number;
  endsOn: string;
  /** null: the package is no longer on the site. */
  pkg: ReminderMailPackage | null;
  province: string | null;
  /** The speed floor of the suggestions (the package's own download speed), if any. */
  speedMbps: number | null;
  suggestions: ReminderMailSuggestion[];
  allPackagesLink: string;
  unsubscribe: string;
}): { subject: string; text: string } {
  const t = getT(opts.locale);
  const date = formatDate(opts.endsOn);
  const m = (kurus: number) => money(kurus, opts.locale, opts.usdPerTry);
  const lines = [t("packages.reminder.mail.greeting"), ""];
  if (opts.pkg) {
    lines.push(t("packages.reminder.mail.ends", { company: opts.pkg.company, title: opts.pkg.title, date }));
    lines.push(t("packages.reminder.mail.after", { price: m(opts.pkg.afterKurus), confirmed: formatDate(opts.pkg.priceConfirmedOn) }));
    lines.push(t("packages.reminder.mail.packageLink", { link: opts.pkg.link }));
  } else {
    lines.push(t("packages.reminder.mail.endsGone", { date }), t("packages.reminder.mail.packageGone"));
  }
  if (opts.province) {
    lines.push("");
    if (opts.suggestions.length) {
      lines.push(
        opts.speedMbps
          ? t("packages.reminder.mail.cheaperSpeed", { province: opts.province, speed: opts.speedMbps })
          : t("packages.reminder.mail.cheaper", { province: opts.province }),
      );
      opts.suggestions.forEach((s, i) => {
        lines.push(
          t("packages.reminder.mail.item", {
            n: i + 1,
            company: s.company,
            title: s.title,
            monthly: m(s.effectiveMonthlyKurus),
            total: m(s.totalCostKurus),
            count: s.horizonMonths,
          }),
        );
        lines.push(`   ${s.link}`);
      });
    } else {
      lines.push(t("packages.reminder.mail.noneCheaper", { province: opts.province }));
    }
  }
  lines.push("", t("packages.reminder.mail.allPackages", { link: opts.allPackagesLink }));
  lines.push("", t("packages.reminder.mail.footer", { days: REMINDER_KEEP_AFTER_SENT_DAYS, unsubscribe: opts.unsubscribe }));
  lines.push("", t("packages.reminder.mail.signature"));
  return { subject: t("packages.reminder.mail.subject", { date }), text: lines.join("\n") };
}
