/**
 * The multipart plan shared by the browser uploader and the server (docs/product/spec.md §9): 5 MiB parts, grown
 * to whole MiB when a file would otherwise need more than S3's 10,000 parts.
 */
export const MIB = 1024 * 1024;
export const DEFAULT_PART_SIZE = 5 * MIB;
export const MAX_PARTS = 10_000;
/** S3's largest part. */
const MAX_PART_SIZE = 5 * 1024 * MIB;

export interface PartPlan {
  partSize: number;
  partCount: number;
  totalSize: number;
}

/** `requested` (a client's part_size) is honoured when it is a valid S3 part size. */
export function planParts(totalSize: number, requested?: number): PartPlan {
  let partSize =
    requested && Number.isInteger(requested) && requested >= DEFAULT_PART_SIZE && requested <= MAX_PART_SIZE
      ? requested
      : DEFAULT_PART_SIZE;
  if (Math.ceil(totalSize / partSize) > MAX_PARTS) partSize = Math.ceil(totalSize / MAX_PARTS / MIB) * MIB;
  return { partSize, partCount: Math.max(1, Math.ceil(totalSize / partSize)), totalSize };
}

/** Byte range [start, end) of part `partNumber` (1-based). */
export function partRange(plan: PartPlan, partNumber: number): { start: number; end: number } {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: Math.min(start + plan.partSize, plan.totalSize) };
}

/** The part size the browser asks for (docs/product/spec.md §9): 5 MiB, or whole MiB when that needs > 10,000 parts. */
export function partSizeFor(totalSize: number): number {
  return planParts(totalSize).partSize;
}

/** Files larger than one part go multipart; the rest take one PUT. */
export function needsMultipart(size: number): boolean {
  return size > DEFAULT_PART_SIZE;
}

export interface PartRange {
  partNumber: number;
  /** First byte. */
  start: number;
  /** One past the last byte. */
  end: number;
  size: number;
}

/** Every part of a file of `totalSize` bytes cut in `partSize` pieces (the last one shorter). */
export function partRanges(totalSize: number, partSize: number): PartRange[] {
  const plan = { partSize, totalSize, partCount: Math.max(1, Math.ceil(totalSize / partSize)) };
  return Array.from({ length: plan.partCount }, (_, i) => {
    const { start, end } = partRange(plan, i + 1);
    return { partNumber: i + 1, start, end, size: end - start };
  });
}
