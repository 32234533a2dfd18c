// The page sweep (tests/e2e/page-sweep.ts), part 3 of 4: every page at 1280 px, in Turkish and the
// light theme. The colours and the words are checked in both themes and languages at 360 px
// (parts 1 and 2); at this width what differs is the layout (the desktop menu, side-by-side
// columns, wide tables), the same in either language and theme.
import { axeSweep, DESKTOP } from "./page-sweep";

axeSweep([{ locale: "tr", theme: "light", viewport: DESKTOP }]);
