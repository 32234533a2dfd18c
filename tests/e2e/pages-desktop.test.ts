// The page sweep (tests/e2e/page-sweep.ts), part 3 of 4: every page at 1280 px, each theme once in
// one language each (tr light, en dark): the colours are the theme's whatever the language, and
// the widths that differ by language are the phone's (parts 1 and 2).
import { axeSweep, DESKTOP } from "./page-sweep";

axeSweep([
  { locale: "tr", theme: "light", viewport: DESKTOP },
  { locale: "en", theme: "dark", viewport: DESKTOP },
]);
