import type { AreaModule } from "../core/app-context";

/** The contact form (its mail goes through the shared mail job). */
export const contactModule: AreaModule = { name: "contact" };
