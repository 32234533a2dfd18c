// The page sweep (tests/e2e/page-sweep.ts), part 3 of 4: every page at 1280 px in Turkish and the
// light theme, and the public pages in English and the dark theme. The colours are the theme's
// whatever the width (parts 1 and 2 check every page in both themes and languages at 360 px),
// and the account pages share the public pages' header and footer.
import { axeSweep, DESKTOP } from "./page-sweep";

axeSweep([
  { locale: "tr", theme: "light", viewport: DESKTOP },
  { locale: "en", theme: "dark", viewport: DESKTOP, publicOnly: true },
]);
