// The page sweep (tests/e2e/page-sweep.ts), part 2 of 4: every page in English at 360 px, each loaded in
// the light theme and checked again after switching to the dark one in place.
import { axeSweep, PHONE } from "./page-sweep";

axeSweep([{ locale: "en", theme: "light", viewport: PHONE, alsoDark: true }]);
