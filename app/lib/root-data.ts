import { useRouteLoaderData } from "react-router";
import type { Locale } from "../../common/format";

export interface RootData {
  locale: Locale;
  theme: "light" | "dark";
  consented: boolean;
  csrfToken: string;
  nonce: string;
  siteUrl: string;
  /** The signed-in user, for the user menu; null for a guest. */
  user: {
    fullName: string;
    email: string;
    /** URL of the profile photo, or null for the default avatar. */
    image: string | null;
    isAdmin: boolean;
    accountType: "individual" | "corporate";
  } | null;
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
