/**
 * A progress bar with explicit ARIA values (role="progressbar", 0–100). `percent` null means the
 * total is unknown: the bar pulses and no value is announced.
 */
export function ProgressBar({
  label,
  percent,
  valueText,
  tone = 'brand',
  className = '',
}: {
  label: string;
  percent: number | null;
  valueText?: string;
  tone?: 'brand' | 'success' | 'danger' | 'muted';
  className?: string;
}) {
  const fill = {
    brand: 'bg-brand',
    success: 'bg-success-solid',
    danger: 'bg-danger-solid',
    muted: 'bg-subtle/60',
  }[tone];
  const value = percent === null ? null : Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={valueText}
      className={`h-2 w-full overflow-hidden rounded-full bg-muted ${className}`}
    >
      <div
        className={`h-full rounded-full ${fill} transition-[width] duration-200 motion-reduce:transition-none ${
          value === null ? 'w-1/3 animate-pulse' : ''
        }`}
        style={value === null ? undefined : { width: `${value}%` }}
      />
    </div>
  );
}
