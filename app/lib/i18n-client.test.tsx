import { Suspense } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import tr from "../../locales/tr";
import { ClientI18nProvider, createClientI18n } from "./i18n-client";
import { useNamespaces, useTranslation } from "./i18n";

afterEach(() => vi.restoreAllMocks());

describe("the browser's texts (decision 034)", () => {
  it("download the namespaces asked for, each once, and translate their keys", async () => {
    const i18n = createClientI18n("tr");
    const { t } = i18n.value();
    await Promise.all([i18n.load(["common"]), i18n.load(["common", "packages"])]);
    expect(t("nav.home")).toBe(tr.nav.home);
    expect(t("packages.card.compare")).toBe(tr.packages.card.compare);
    expect(i18n.value().need?.(["common", "packages"])).toBeUndefined();
  });

  it("answer the same promise while a namespace is on its way, and none once it is here", async () => {
    const i18n = createClientI18n("en");
    const need = i18n.value().need!;
    const first = need(["blog"]);
    expect(first).toBeInstanceOf(Promise);
    expect(need(["blog"])).toBe(first);
    await first;
    expect(need(["blog"])).toBeUndefined();
    expect(i18n.value().t("blog.list.title")).not.toBe("blog.list.title");
  });

  it("say so in the console when a text is needed before its namespace was declared, and tell the page to render again once it is here", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const i18n = createClientI18n("tr");
    await i18n.load(["common"]);
    const rendered = vi.fn();
    i18n.subscribe(rendered);
    const before = i18n.value();
    expect(before.t("packages.card.compare")).toBe("packages.card.compare");
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"packages.card.compare" was needed before its namespace "packages" was declared'));
    await vi.waitFor(() => expect(rendered).toHaveBeenCalledTimes(1));
    expect(i18n.version()).toBe(1);
    expect(i18n.value()).not.toBe(before);
    expect(i18n.value().t("packages.card.compare")).toBe(tr.packages.card.compare);
  });

  it("hold a component that declares a namespace until it has arrived (no key shown meanwhile)", async () => {
    const error = vi.spyOn(console, "error");
    const i18n = createClientI18n("tr");
    await i18n.load(["common"]);
    const seen: string[] = [];
    function Card() {
      useNamespaces("speedtest");
      const text = useTranslation().t("speedtest.home.title");
      seen.push(text);
      return <p>{text}</p>;
    }
    const { prelude } = await prerenderToNodeStream(
      <ClientI18nProvider i18n={i18n}>
        <Suspense fallback="…">
          <Card />
        </Suspense>
      </ClientI18nProvider>,
    );
    let html = "";
    for await (const chunk of prelude) html += String(chunk);
    expect(html).toContain(`<p>${tr.speedtest.home.title}</p>`);
    expect(html).not.toContain("…");
    expect(seen).toEqual([tr.speedtest.home.title]);
    expect(error).not.toHaveBeenCalled();
  });
});
