// The page sweep (tests/e2e/page-sweep.ts), part 4 of 4: no horizontal overflow at 360 and 390 px
// on the pages parts 1 and 2 do not open at that width or with that session.
import { overflowSweep } from "./page-sweep";

overflowSweep();
