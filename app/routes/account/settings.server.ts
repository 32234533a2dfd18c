import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { data, redirectDocument } from "react-router";
import { isSettingsIntent, SOCIAL_FIELDS, tabFromParam } from "../../../common/forms/settings";
import { withNotice } from "../../../common/forms/notices";
import { pathsFor } from "../../../common/paths";
import { changePassword } from "../../../server/accounts/change-password";
import { avatarUrl } from "../../../server/accounts/avatar";
import { getOwnProfile } from "../../../server/accounts/profile";
import { signInAgain } from "../../../server/http/pages/page-errors";
import { requestDeletion } from "../../../server/accounts/request-deletion";
import { updateNotifications } from "../../../server/accounts/update-notifications";
import { updateProfile } from "../../../server/accounts/update-profile";
import { updateSocial } from "../../../server/accounts/update-social";
import { removePhoto, uploadPhoto } from "../../../server/accounts/upload-photo";
import { intentFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { clearedSessionCookie, requirePageUser, sessionCookie } from "../../../server/http/forms/guards";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { AppError } from "../../../server/platform/app-error";
import { listProvinces } from "../../../server/reference/cities";
import { deleteOwnReminder, listOwnReminders } from "../../../server/reminders/own-reminders";
import { listOwnOutageAlerts, turnOffOwnOutageAlert } from "../../../server/outages/own-alerts";
import { CSRF_FIELD, verifyCsrf } from "../../../server/security/csrf";
import type { SettingsActionData } from "../../features/settings/form-bits";

interface PageArgs {
  request: Request;
  context: RequestContext;
}

/** ayarlar: the signed-in person's own settings, one tab at a time (?sekme=). */
export async function settingsPage({ request, context }: PageArgs) {
  const user = requirePageUser(context, request);
  const profile = await getOwnProfile(context.app, { user }).catch((err) => signInAgain(err, context.locale));
  const t = getT(context.locale);
  const tab = tabFromParam(new URL(request.url).searchParams.get("sekme"));
  return {
    tab,
    /** The commitment reminders, read on their tab only. */
    reminders: tab === "reminders" ? await listOwnReminders(context.app, { user }) : [],
    /** The outage alerts that are on, read on their tab only. */
    outageAlerts: tab === "outageAlerts" ? await listOwnOutageAlerts(context.app, { user }) : [],
    account: {
      fullName: profile.fullName,
      email: profile.email,
      phone: profile.phone ? (parsePhoneNumberFromString(profile.phone)?.formatInternational() ?? profile.phone) : "",
      cityCode: profile.cityCode,
      about: profile.about,
      skills: profile.skills,
    },
    social: profile.social,
    /** The mails one may turn off: for those who write blog posts (corporate members, administrators). */
    notifications: profile.accountType === "corporate" || profile.isAdmin ? { blogCommentMail: profile.blogCommentMail } : null,
    image: avatarUrl(profile.image),
    /** Changes whenever a save lands: the forms start again from the stored values. */
    version: profile.updatedAt.toISOString(),
    provinces: listProvinces().map(({ code, value }) => ({ code, value })),
    seo: { title: t("settings.title"), description: t("settings.description"), index: false },
  };
}

/** A failure answer that says which form it belongs to. Unexpected errors get the generic text of spec §8. */
function failure(err: unknown, context: RequestContext, intent: string | undefined) {
  const unexpected = intent === "account" ? "settings.errors.profileUnknown" : "settings.errors.generic";
  return intentFailure(err, context, { intent, unexpected, log: "settings action failed" });
}

function fields(form: FormData, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((n) => [n, form.get(n) ?? undefined]));
}

/**
 * Every form of the page posts here and says which it is in `intent`. The photo form is
 * multipart and streamed (its CSRF token and intent are checked once the fields are read); the
 * others are small urlencoded forms.
 */
export async function settingsAction({ request, context }: PageArgs) {
  const user = requirePageUser(context, request);
  const { app } = context;
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    try {
      if (!request.body) throw new AppError("E_BAD_REQUEST", "errors.badRequest");
      await uploadPhoto(app, {
        user,
        headers: Object.fromEntries(request.headers),
        body: Readable.fromWeb(request.body as NodeReadableStream),
        verifyFields: (f) => {
          verifyCsrf(context.csrfToken, f[CSRF_FIELD]);
          if (f.intent !== "photo") throw new AppError("E_BAD_REQUEST", "settings.errors.unknownIntent");
        },
      });
      return data<SettingsActionData>({ success: true, intent: "photo" });
    } catch (err) {
      return failure(err, context, "photo");
    }
  }

  let intent: string | undefined;
  try {
    const form = await readVerifiedForm(request, context);
    const value = form.get("intent");
    intent = typeof value === "string" ? value : undefined;
    if (!isSettingsIntent(intent) || intent === "photo") throw new AppError("E_BAD_REQUEST", "settings.errors.unknownIntent");
    switch (intent) {
      case "account":
        await updateProfile(app, { user, input: fields(form, ["fullName", "phone", "cityCode", "about", "skills"]) });
        break;
      case "removePhoto":
        await removePhoto(app, { user });
        break;
      case "notifications":
        // A checkbox is sent only when checked.
        await updateNotifications(app, { user, input: { blogCommentMail: form.get("blogCommentMail") === "on" } });
        break;
      case "social":
        await updateSocial(app, { user, input: fields(form, SOCIAL_FIELDS) });
        break;
      case "deleteReminder":
        await deleteOwnReminder(app, { user, input: fields(form, ["reminderId"]) });
        break;
      case "outageAlertOff":
        await turnOffOwnOutageAlert(app, { user, input: fields(form, ["alertId"]) });
        break;
      case "password": {
        const session = await changePassword(app, { user, input: fields(form, ["currentPassword", "newPassword", "newPasswordRepeat"]) });
        return data<SettingsActionData>(
          { success: true, intent },
          { headers: { "Set-Cookie": sessionCookie(context, session.token, session.expiresAt) } },
        );
      }
      case "delete":
        await requestDeletion(app, { user, input: fields(form, ["password", "confirm"]) });
        // A full page load: nothing of the signed-in page stays in the browser.
        return redirectDocument(withNotice(pathsFor(context.locale).Home(), "deletionRequested"), { headers: { "Set-Cookie": clearedSessionCookie() } });
    }
    return data<SettingsActionData>({ success: true, intent });
  } catch (err) {
    return failure(err, context, intent);
  }
}
