import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createTranslate, isLocale } from "../common/i18n";
import { I18nProvider } from "./lib/i18n";

// Only the page's language is downloaded: each locale file is its own chunk.
const lng = document.documentElement.lang;
const locale = isLocale(lng) ? lng : "tr";
const messages = locale === "en" ? import("../locales/en") : import("../locales/tr");

void messages.then(({ default: translation }) => {
  const value = { locale, t: createTranslate(locale, translation) };
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider value={value}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
});
