import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

/** Request and response shapes of /api/v1, shared by the handlers and the OpenAPI document. */
export const localizedName = z.string().openapi({ description: "Name in the request's language" });

export const citySchema = z.object({ code: z.number().int(), value: z.string() }).openapi("City");
export const citiesResponse = z.array(citySchema);

export const footerCitySchema = z.object({ url: z.string(), value: z.string() }).openapi("FooterCity");
export const footerCitiesResponse = z.array(footerCitySchema);

export const blogCategorySchema = z.object({ id: z.number().int(), name: localizedName, url: z.string() }).openapi("BlogCategory");
export const blogCategoriesResponse = z.array(blogCategorySchema);

export const subTypeSchema = z.object({ id: z.number().int(), key: z.string(), url: z.string(), name: localizedName }).openapi("CorporateSubType");
export const corporateTypeSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    url: z.string(),
    name: localizedName,
    corporate_sub_types: z.array(subTypeSchema),
  })
  .openapi("CorporateType");
export const subTypesResponse = z.object({ sub_types: z.array(corporateTypeSchema) });

export const successResponse = z.object({ success: z.literal(true) });
export const contactResponse = z.object({ success: z.literal(true), id: z.number().int() });

export const errorResponse = z
  .object({
    success: z.literal(false),
    exception: z.string().openapi({ example: "E_VALIDATION" }),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .openapi("Error");

export const userInfoSchema = z
  .object({
    fullname: z.string(),
    email: z.string(),
    image: z.string().nullable().openapi({ description: "Absolute URL of the profile photo, or null for the default avatar" }),
    admin: z.boolean(),
  })
  .openapi("UserInfo");
export const loginResponse = z.object({ success: z.literal(true), token: z.string(), user: userInfoSchema });
export const meResponse = z.object({ success: z.literal(true), user: userInfoSchema });
