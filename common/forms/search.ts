import { z } from "../validation/zod";
import { searchValueField } from "../validation/fields";

export const searchSchema = z.object({ searchValue: searchValueField });
