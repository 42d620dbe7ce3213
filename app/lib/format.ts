/** 1536 → "1.5 KB" (binary units; client-safe). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2);
  // Trailing zeros go only after a decimal point: "1.50" → "1.5", but "100" stays "100".
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text} ${units[unit]}`;
}
