// The page sweep (tests/e2e/page-sweep.ts), part 1 of 4: every page in Turkish at 360 px, each loaded in
// the light theme and checked again after switching to the dark one in place.
import { axeSweep, PHONE } from "./page-sweep";

axeSweep([{ locale: "tr", theme: "light", viewport: PHONE, alsoDark: true }]);
