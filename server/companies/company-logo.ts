import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import {
  COMPANY_BOUNDS,
} from "../../common/companies";
import {
  SERVICE_LOGO_FIELD,
  COMPANY_LOGO_FIELD,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_MAX_MB,
  COMPANY_LOGO_SIZE,
} from "../../common/forms/company-edit";
import type { AppContext } from "../app-context";
import { receiveUpload } from "../contact/receive-upload";
import { AppError, isAppError } from "../platform/app-error";

/** What a logo may be, judged by its content (file-type's magic bytes, then sharp decodes it). */
const LOGO_KINDS = [
  { extension: "png", mimeTypes: ["image/png"] },
  { extension: "jpg", mimeTypes: ["image/jpeg"] },
  { extension: "webp", mimeTypes: ["image/webp"] },
] as const;

/** Refuses images with more pixels than this before decoding them (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/** Stored logo names written by this module: random, URL-safe, always .webp. */
export const COMPANY_LOGO_NAME = /^[\w-]{16,64}\.webp$/;

export function companyLogosDir(app: Pick<AppContext, "config">): string {
  return path.join(app.config.uploadsDir, "company-logos");
}

const sizeError = () => new AppError("E_PAYLOAD_TOO_LARGE", { key: "companyAdmin.validation.logo.size", params: { max: COMPANY_LOGO_MAX_MB } });
const typeError = () => new AppError("E_UNSUPPORTED_TYPE", "companyAdmin.validation.logo.type");

/** The shared upload reader speaks of "attachments"; say the same things about a logo, on the logo field. */
function logoError(err: unknown): unknown {
  if (!isAppError(err)) return err;
  const key = err.messageKey.key;
  const field = Object.keys(err.fieldErrors ?? {})[0] ?? COMPANY_LOGO_FIELD;
  const onField = (e: AppError) => new AppError(e.code, e.messageKey, { fieldErrors: { [field]: e.messageKey } });
  if (err.code === "E_UNSUPPORTED_TYPE" && (key === "validation.attachments.type" || key === "validation.attachments.mismatch")) return onField(typeError());
  if (err.code === "E_PAYLOAD_TOO_LARGE" && key.startsWith("validation.attachments.")) return onField(sizeError());
  if (err.code === "E_VALIDATION" && key === "validation.attachments.count") return onField(new AppError("E_VALIDATION", "companyAdmin.validation.logo.single"));
  if (err.code === "E_PAYLOAD_TOO_LARGE" && key === "errors.payloadTooLarge") return err;
  return err;
}

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
 * at most one logo of at most 2 MB, PNG, JPEG or WebP by content; `verifyFields` runs on the text
 * fields (CSRF, intent) before anything is decoded.
 */
export async function receiveCompanyForm(
  app: AppContext,
  opts: { headers: Record<string, string | undefined>; body: Readable; verifyFields?: (fields: Record<string, string>) => void },
): Promise<CompanyForm> {
  let received;
  try {
    received = await receiveUpload({
      headers: opts.headers,
      body: opts.body,
      tempDir: path.join(app.config.uploadsDir, "tmp"),
      fileField: COMPANY_LOGO_FIELD,
      acceptFile: (field) => SERVICE_LOGO_FIELD.test(field),
      types: LOGO_KINDS,
      maxFileBytes: COMPANY_LOGO_MAX_BYTES,
      maxTotalBytes: COMPANY_LOGO_MAX_BYTES * (1 + COMPANY_BOUNDS.maxServices),
      maxFiles: 1 + COMPANY_BOUNDS.maxServices,
      maxFields: 200,
      openFile: app.openUploadFile,
    });
  } catch (err) {
    throw logoError(err);
  }
  const form = received;
  try {
    opts.verifyFields?.(form.fields);
  } catch (err) {
    await form.discard();
    throw err;
  }
  return {
    get: (name) => form.fields[name],
    getAll: (name) => form.allFields[name] ?? [],
    logoTempPath: form.files.find((f) => f.field === COMPANY_LOGO_FIELD)?.tempPath ?? null,
    serviceLogoTempPaths: new Map(
      form.files.flatMap((f) => {
        const row = SERVICE_LOGO_FIELD.exec(f.field)?.[1];
        return row === undefined ? [] : [[Number(row), f.tempPath] as const];
      }),
    ),
    discard: () => form.discard(),
  };
}

/**
 * Decodes an uploaded logo, fits it into a 256 px square (whole, on a transparent background),
 * re-encodes it as WebP without metadata and stores it under uploads/company-logos. Returns the
 * stored name. Anything sharp cannot decode is a 415 with the logo's message.
 */
export async function storeCompanyLogo(app: Pick<AppContext, "config" | "log">, tempPath: string, field: string = COMPANY_LOGO_FIELD): Promise<string> {
  const dir = companyLogosDir(app);
  await mkdir(dir, { recursive: true }).catch((err: unknown) => {
    throw new AppError("E_UNAVAILABLE", "errors.storageUnavailable", { cause: err });
  });
  // Judged by content again (the import reads files that no upload reader has checked).
  const detected = await fileTypeFromFile(tempPath).catch(() => undefined);
  if (!detected || !LOGO_KINDS.some((k) => (k.mimeTypes as readonly string[]).includes(detected.mime))) {
    throw new AppError("E_UNSUPPORTED_TYPE", "companyAdmin.validation.logo.type", { fieldErrors: { [field]: { key: "companyAdmin.validation.logo.type" } } });
  }
  const name = `${randomBytes(18).toString("base64url")}.webp`;
  const target = path.join(dir, name);
  try {
    await sharp(tempPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize(COMPANY_LOGO_SIZE, COMPANY_LOGO_SIZE, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 }, withoutEnlargement: false })
      .webp({ quality: 85 })
      .toFile(target);
  } catch (err) {
    await rm(target, { force: true });
    app.log.info({ err }, "company logo could not be decoded");
    throw new AppError("E_UNSUPPORTED_TYPE", "companyAdmin.validation.logo.unreadable", {
      fieldErrors: { [field]: { key: "companyAdmin.validation.logo.unreadable" } },
    });
  }
  return name;
}

/** Deletes a stored logo this module wrote (never any other path). */
export async function removeCompanyLogo(app: Pick<AppContext, "config" | "log">, name: string | null | undefined): Promise<void> {
  if (!name || !COMPANY_LOGO_NAME.test(name)) return;
  await rm(path.join(companyLogosDir(app), name), { force: true }).catch((err: unknown) => app.log.warn({ err, name }, "could not remove a company logo"));
}
