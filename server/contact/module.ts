import type { AreaModule } from "../core/app-context";
import { contactCalls } from "./api";

/** The contact form (its mail goes through the shared mail job). */
export const contactModule: AreaModule = { name: "contact", api: contactCalls };
