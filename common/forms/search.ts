import { z } from "zod";
import { searchValueField } from "../validation/fields";

export const searchSchema = z.object({ searchValue: searchValueField });
