import { z } from "./api-zod";

/** Shapes every area's API answers share; an area's own shapes live beside its calls. */
export const localizedName = z.string().openapi({ description: "Name in the request's language" });

export const successResponse = z.object({ success: z.literal(true) });
export const errorResponse = z
  .object({
    success: z.literal(false),
    exception: z.string().openapi({ example: "E_VALIDATION" }),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .openapi("Error");

export const messageResponse = z.object({ success: z.literal(true), message: z.string().openapi({ description: "The page's text for the outcome, in the request's language" }) });

/** `?page=`: a page of a list, from 1. */
export const pageQuery = z.object({ page: z.string().optional().openapi({ description: "Page number from 1", example: "1" }) });
