const UNIT_BYTES: Record<string, number> = { b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb?|mb?|gb?)$/i;

/**
 * A memory size as people write it (`512mb`, `2gb`, `1.5g`, `800MB`) in bytes, or undefined when it is not one.
 * Units are binary, as Node's `--max-old-space-size` counts them: 1mb = 1024 × 1024 bytes.
 * @example parseMemorySize('512mb') // 536870912
 */
export function parseMemorySize(text: string): number | undefined {
  const match = SIZE.exec(text.trim());
  if (!match) return undefined;
  const bytes = Math.round(Number(match[1]) * (UNIT_BYTES[(match[2] ?? 'b').toLowerCase()] ?? 1));
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * Bytes for people: `512 MB`, `1.50 GB`, `900 KB` (binary units, as parseMemorySize reads them).
 * @example formatBytes(536870912) // '512 MB'
 */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${trim(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${trim(bytes / 1024 ** 2)} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} B`;
}

function trim(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(value >= 10 ? 1 : 2).replace(/\.?0+$/, '');
}
