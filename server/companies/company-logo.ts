import type { Readable } from "node:stream";
import { COMPANY_BOUNDS } from "../../common/companies";
import { SERVICE_LOGO_FIELD, COMPANY_LOGO_FIELD, COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_SIZE } from "../../common/forms/company-edit";
import type { AppContext } from "../core/app-context";
import { receiveImageForm, removeStoredImage, STORED_IMAGE_NAME, storeImage, type ImageKind, type ImageStoreContext } from "../platform/images";

/** Company and service logos: fitted into a 256 px square, in the storage's company-logos folder (server/platform/images.ts). */
export const COMPANY_LOGO_KIND: ImageKind = {
  folder: "company-logos",
  width: COMPANY_LOGO_SIZE,
  height: COMPANY_LOGO_SIZE,
  maxBytes: COMPANY_LOGO_MAX_BYTES,
  messages: {
    type: "companyAdmin.validation.logo.type",
    size: "companyAdmin.validation.logo.size",
    single: "companyAdmin.validation.logo.single",
    unreadable: "companyAdmin.validation.logo.unreadable",
  },
};

/** Stored logo names written by this module: random, URL-safe, always .webp. */
export const COMPANY_LOGO_NAME = STORED_IMAGE_NAME;

export interface CompanyForm {
  /** Each text field's value; `getAll` for repeated ones. */
  get(name: string): string | undefined;
  getAll(name: string): string[];
  /** The new logo's temporary file, checked by its content, when one was sent. */
  logoTempPath: string | null;
  /** New service logos' temporary files by form row (`services.<row>.logo`). */
  serviceLogoTempPaths: Map<number, string>;
  /** Deletes the temporary files. */
  discard(): Promise<void>;
}

/**
 * Reads the dashboard's multipart company form (streamed to disk by the shared upload reader):
 * at most one logo of at most 2 MB, PNG, JPEG or WebP by content, and one per service row;
 * `verifyFields` runs on the text fields (CSRF, intent) before anything is decoded.
 */
export async function receiveCompanyForm(
  app: AppContext,
  opts: { headers: Record<string, string | undefined>; body: Readable; verifyFields?: (fields: Record<string, string>) => void },
): Promise<CompanyForm> {
  const form = await receiveImageForm(app, {
    ...opts,
    kind: COMPANY_LOGO_KIND,
    fileField: COMPANY_LOGO_FIELD,
    acceptFile: (field) => SERVICE_LOGO_FIELD.test(field),
    maxFiles: 1 + COMPANY_BOUNDS.maxServices,
  });
  return {
    get: form.get,
    getAll: form.getAll,
    logoTempPath: form.files.get(COMPANY_LOGO_FIELD) ?? null,
    serviceLogoTempPaths: new Map(
      [...form.files].flatMap(([field, tempPath]) => {
        const row = SERVICE_LOGO_FIELD.exec(field)?.[1];
        return row === undefined ? [] : [[Number(row), tempPath] as const];
      }),
    ),
    discard: form.discard,
  };
}

/**
 * Decodes an uploaded logo, fits it into a 256 px square (whole, on a transparent background),
 * re-encodes it as WebP without metadata and stores it under uploads/company-logos. Returns the
 * stored name. Anything sharp cannot decode is a 415 with the logo's message.
 */
export function storeCompanyLogo(app: ImageStoreContext, tempPath: string, field: string = COMPANY_LOGO_FIELD): Promise<string> {
  return storeImage(app, COMPANY_LOGO_KIND, tempPath, field);
}

/** Deletes a stored logo this module wrote (never any other path). */
export function removeCompanyLogo(app: ImageStoreContext, name: string | null | undefined): Promise<void> {
  return removeStoredImage(app, COMPANY_LOGO_KIND, name);
}
