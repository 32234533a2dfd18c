import type { Locale } from "../../common/format";
import { pathsFor } from "../../common/paths";
import { RESET_CODE_MINUTES, VERIFY_CODE_HOURS } from "./email-codes";
import { getT } from "../i18n";
import type { OutgoingMail } from "../mail/mailer";

interface AccountMailInput {
  to: string;
  fullName: string;
  locale: Locale;
  /** config.SITE_URL: links in mails are absolute. */
  siteUrl: string;
  code: string;
}

function absolute(siteUrl: string, pathname: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${pathname}`;
}

/** Sent after registration: the link to /dogrula/mail/{code} (under /en in English), valid VERIFY_CODE_HOURS hours. */
export function verificationMail(input: AccountMailInput): OutgoingMail {
  const t = getT(input.locale);
  const site = t("meta.siteName");
  return {
    to: input.to,
    subject: t("auth.mail.verify.subject", { site }),
    text: t("auth.mail.verify.body", {
      name: input.fullName,
      site,
      link: absolute(input.siteUrl, pathsFor(input.locale).verifyEmail(input.code)),
      hours: VERIFY_CODE_HOURS,
      siteUrl: input.siteUrl,
    }),
  };
}

/** Sent on a forgot-password request: the link to /sifirla/sifre/{code} (under /en in English), valid RESET_CODE_MINUTES minutes. */
export function passwordResetMail(input: AccountMailInput): OutgoingMail {
  const t = getT(input.locale);
  const site = t("meta.siteName");
  return {
    to: input.to,
    subject: t("auth.mail.reset.subject", { site }),
    text: t("auth.mail.reset.body", {
      name: input.fullName,
      site,
      link: absolute(input.siteUrl, pathsFor(input.locale).resetPassword(input.code)),
      minutes: RESET_CODE_MINUTES,
      siteUrl: input.siteUrl,
    }),
  };
}
