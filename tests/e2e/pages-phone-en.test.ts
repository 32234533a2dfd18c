// The page sweep (tests/e2e/page-sweep.ts), part 2 of 4: every page in English at 360 px, light and dark.
import { axeSweep, PHONE, THEMES } from "./page-sweep";

axeSweep(THEMES.map((theme) => ({ locale: "en" as const, theme, viewport: PHONE })));
