// The page sweep (tests/e2e/page-sweep.ts), part 4 of 4: no horizontal overflow at 360 px on the
// public pages signed in (parts 1 and 2 check the rest at that width).
import { overflowSweep } from "./page-sweep";

overflowSweep();
