import { useRouteLoaderData } from "react-router";
import type { Locale } from "../../common/format";

export interface RootData {
  locale: Locale;
  theme: "light" | "dark";
  consented: boolean;
  csrfToken: string;
  nonce: string;
  siteUrl: string;
  defaults: { title: string; description: string };
  footer: {
    cities: { url: string; value: string }[];
    categories: { id: number; url: string; name: string }[];
  };
}

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("root loader data missing");
  return data;
}
