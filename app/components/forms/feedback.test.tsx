import { renderToString } from "react-dom/server";
import { createRoutesStub, Form } from "react-router";
import { describe, expect, it } from "vitest";
import { createTranslate } from "../../../common/i18n";
import en from "../../../locales/en";
import tr from "../../../locales/tr";
import { I18nProvider } from "../../lib/i18n";
import { formView, type FormResult } from "./feedback";
import { CheckboxField, ErrorSummary, Field, useFormFeedback } from "./index";

const failure: FormResult = {
  success: false,
  message: "Bir hata",
  errors: { email: { key: "validation.email.required" }, kvkk: { key: "validation.invalid" } },
  values: { email: "ayse@example", advertising: "on" },
};
const wrongPassword: FormResult = { success: false, message: "E-posta adresi veya şifre hatalı." };

describe("formView (what a form shows)", () => {
  it("shows the server's field messages and refilled values; the form message only when no field has one", () => {
    expect(formView(failure, null, null)).toEqual({ errors: failure.errors, message: undefined, values: failure.values, succeeded: false });
    expect(formView(wrongPassword, null, null)).toMatchObject({ errors: {}, message: "E-posta adresi veya şifre hatalı." });
    expect(formView({ success: true }, null, null)).toEqual({ errors: {}, message: undefined, values: {}, succeeded: true });
    expect(formView(undefined, null, null)).toEqual({ errors: {}, message: undefined, values: {}, succeeded: false });
  });

  it("drops a stale server message once the fields changed", () => {
    expect(formView(wrongPassword, null, wrongPassword).message).toBeUndefined();
    // Staleness belongs to one answer: a new answer's message shows again.
    const again: FormResult = { ...wrongPassword };
    expect(formView(again, null, wrongPassword).message).toBe(wrongPassword.message);
  });

  it("puts the browser's findings in place of the server's answer, and never beside its message", () => {
    const client = { for: wrongPassword, errors: { email: { key: "validation.email.format" as const } } };
    expect(formView(wrongPassword, client, null)).toMatchObject({ errors: client.errors, message: undefined });
    // Findings made for an older answer do not cover a newer one.
    expect(formView(failure, client, null).errors).toEqual(failure.errors);
  });
});

function render(result: FormResult | undefined, locale: "tr" | "en" = "tr") {
  function Page() {
    const f = useFormFeedback({ id: "t", result });
    return (
      <Form method="post" {...f.formProps}>
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
        <Field {...f.field("email")} type="email" label="E-posta" hint="İpucu" />
        <CheckboxField {...f.field("advertising")} label="Reklam" />
        <CheckboxField {...f.field("kvkk")} label="KVKK" />
      </Form>
    );
  }
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  const t = createTranslate(locale, locale === "tr" ? tr : en);
  return renderToString(
    <I18nProvider value={{ locale, t }}>
      <Stub />
    </I18nProvider>,
  );
}

describe("useFormFeedback with the kit's fields (server render, as without JavaScript)", () => {
  it("reads a failed answer back: messages tied to their fields, values refilled, a summary linking each field", () => {
    const html = render(failure);
    expect(html).toContain('<input type="email" id="t-email" aria-invalid="true" aria-describedby="t-email-hint t-email-error" class="field-input" name="email" value="ayse@example"/>');
    expect(html).toMatch(/<input[^>]*id="t-advertising"[^>]*checked=""/);
    expect(html).toMatch(/<ul id="t-email-error" class="field-error"><li>Lütfen e-posta adresinizi yazın\.<\/li><\/ul>/);
    expect(html).toMatch(/<div role="alert" tabindex="-1"/);
    expect(html).toContain('<a href="#t-email"');
    expect(html).toContain('<a href="#t-kvkk"');
  });

  it("shows a form-level message in the summary, in either language, and nothing before any answer", () => {
    expect(render(wrongPassword)).toContain('data-form-message="">E-posta adresi veya şifre hatalı.</p>');
    expect(render(failure, "en")).toContain("Please correct the following:");
    expect(render(undefined)).not.toContain('role="alert"');
    expect(render(undefined)).not.toContain("aria-invalid");
  });
});
