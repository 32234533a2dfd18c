import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "../../common/validation/zod";

// The API's request and response shapes carry OpenAPI descriptions (`.openapi(...)`): every file
// that builds one takes z from here, so the extension is in place before the first schema is made.
extendZodWithOpenApi(z);

export { z };
