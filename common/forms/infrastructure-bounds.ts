// The infrastructure forms' bounds and choices that pages show, without zod (decision 006): the
// home page's query box and the answer page import these, and only a submit loads the schemas.

export const INFRA_BOUNDS = {
  /** Digits of a node or flat code (demo flat codes have 9, real BBK codes 8). */
  codeDigits: 15,
  /** Raw landline input, as typed ("0 (212) 345 67 89"). */
  phone: { max: 25 },
  /** UAVT address codes have exactly 10 digits. */
  uavtDigits: 10,
} as const;

export const REPORT_TECHNOLOGIES = ["FIBER", "VDSL", "ADSL", "NONE"] as const;
export const REPORT_BOUNDS = { note: { max: 500 }, speed: { min: 1, max: 10_000 } } as const;
