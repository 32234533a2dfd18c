// The page sweep (tests/e2e/page-sweep.ts), part 1 of 4: every page in Turkish at 360 px, light and dark.
import { axeSweep, PHONE, THEMES } from "./page-sweep";

axeSweep(THEMES.map((theme) => ({ locale: "tr" as const, theme, viewport: PHONE })));
