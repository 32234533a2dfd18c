import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CORE_NAMESPACES, isLocale, NAMESPACES } from "../common/i18n";
import { ClientI18nProvider, createClientI18n, isNamespace } from "./lib/i18n-client";

// Only the page's language is downloaded, and of it only the namespaces the server's render
// used (decision 034: it lists them in `__gbI18n` beside the module script; without the list,
// all of them).
const lng = document.documentElement.lang;
const i18n = createClientI18n(isLocale(lng) ? lng : "tr");
const listed = (window as { __gbI18n?: unknown }).__gbI18n;
const names = Array.isArray(listed) ? listed.filter(isNamespace) : NAMESPACES;

void i18n.load([...CORE_NAMESPACES, ...names]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ClientI18nProvider i18n={i18n}>
          <HydratedRouter />
        </ClientI18nProvider>
      </StrictMode>,
    );
  });
});
