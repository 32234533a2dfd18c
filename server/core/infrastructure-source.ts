import type { ChildLevel, FlatAnswer, FlatRef, InfraNode, SourceKind } from "../../common/infrastructure/types";
import { AppError } from "../platform/app-error";

/**
 * Where the address tree and the infrastructure answers come from (DESIGN.md, "Infrastructure
 * query model"). Three implementations, chosen by INFRA_SOURCE: demo (generated from ids, never
 * stored), database (imported from CSV), http (a reseller's API). Every answer is normalised into
 * the types of common/infrastructure/types.ts before it leaves the source.
 *
 * Unknown codes are `null` (the caller answers 404); a source that cannot answer right now throws
 * SourceUnavailableError, one that answered nonsense SourceInvalidError.
 */
export interface InfrastructureSource {
  readonly kind: SourceKind;
  /** The provinces (the tree's roots). */
  provinces(): Promise<InfraNode[]>;
  /** The `level` nodes under the parent node `parentCode` (one level up); null when the parent is unknown. */
  children(level: ChildLevel, parentCode: number): Promise<InfraNode[] | null>;
  /** The flat with this building-section code (BBK) and its address. */
  flatByCode(bbk: number): Promise<FlatRef | null>;
  /** The flat with this UAVT address code. */
  flatByUavt(uavt: number): Promise<FlatRef | null>;
  /** The flat a landline (ten national digits, "2123456789") belongs to. */
  flatByLandline(national: string): Promise<FlatRef | null>;
  /** What reaches the flat: per technology availability, ports, speeds, line ends. */
  query(bbk: number): Promise<FlatAnswer | null>;
  close?(): Promise<void>;
}

/** The source did not answer in time or is down: "service unavailable, try again". */
export class SourceUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super("E_UNAVAILABLE", "infrastructure.errors.unavailable", { retryAfterSeconds: 30, cause });
  }
}

/** The source answered something that is not a valid answer. */
export class SourceInvalidError extends AppError {
  constructor(detail: string, cause?: unknown) {
    super("E_SOURCE_INVALID", "infrastructure.errors.invalidAnswer", { cause: cause ?? new Error(detail) });
  }
}
