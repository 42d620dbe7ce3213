import { useId, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';

export interface Series {
  label: string;
  values: number[];
  /** Tailwind fill and stroke classes of the series' colour. */
  tone: string;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 8, left: 36 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** The smallest 1, 2 or 5 × 10ⁿ at or above the largest value (at least 4): a round top line. */
export function roundTop(max: number): number {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= max) ?? 10 * power;
}

/**
 * The 7-day activity chart of the dashboard as SVG, drawn on the server so it reads without
 * JavaScript: the picture has a text summary, every bar and point a native tooltip, and the same
 * figures sit in a table below. With JavaScript, hovering or focusing a day names its values.
 */
export function ActivityChart({
  days,
  labels,
  shortLabels,
  series,
  kind,
  title,
  summaryText,
}: {
  /** ISO dates, oldest first. */
  days: string[];
  /** What each day is called on the axis ("Mon 23"). */
  labels: string[];
  /** The same days, short enough for a phone. */
  shortLabels: string[];
  series: Series[];
  kind: 'bar' | 'line';
  /** What the picture shows, for a chart other than the dashboard's (a share's visits). */
  title?: string;
  /** Its text summary, given the figures' summary. */
  summaryText?: (summary: string) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const top = roundTop(Math.max(0, ...series.flatMap((s) => s.values)));
  const slot = PLOT_W / days.length;
  const x = (day: number) => PAD.left + slot * day + slot / 2;
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const barWidth = Math.min(22, (slot * 0.7) / series.length);
  const describe = (day: number) =>
    `${labels[day]}: ${series.map((s) => `${s.label} ${s.values[day] ?? 0}`).join(', ')}`;
  const summary = series.map((s) => `${s.label}: ${s.values.reduce((a, b) => a + b, 0)}`).join('; ');

  return (
    <figure className="min-w-0">
      <p className="mb-2 min-h-5 text-sm text-subtle" aria-live="polite">
        {active === null ? t('dashboard.activity.hint') : describe(active)}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        onPointerLeave={() => setActive(null)}
      >
        <title id={`${id}-title`}>{title ?? t(`dashboard.activity.${kind}Title`)}</title>
        <desc id={`${id}-desc`}>{summaryText?.(summary) ?? t('dashboard.activity.summary', { summary })}</desc>
        {[0, top / 2, top].map((tick) => (
          <g key={tick} className="text-line">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-subtle text-[13px]">
              {tick}
            </text>
          </g>
        ))}
        {kind === 'bar'
          ? series.map((s, n) =>
              s.values.map((value, day) => (
                <rect
                  key={`${s.label}-${days[day]}`}
                  x={x(day) - (barWidth * series.length) / 2 + n * barWidth}
                  y={y(value)}
                  width={barWidth - 2}
                  height={Math.max(0, PAD.top + PLOT_H - y(value))}
                  rx={2}
                  className={s.tone}
                >
                  <title>{`${labels[day]} · ${s.label}: ${value}`}</title>
                </rect>
              )),
            )
          : series.map((s) => (
              <g key={s.label} className={s.tone}>
                <polyline
                  fill="none"
                  strokeWidth={2.5}
                  strokeLinejoin="round"
                  points={s.values.map((value, day) => `${x(day)},${y(value)}`).join(' ')}
                />
                {s.values.map((value, day) => (
                  <circle key={days[day]} cx={x(day)} cy={y(value)} r={active === day ? 5 : 3.5}>
                    <title>{`${labels[day]} · ${s.label}: ${value}`}</title>
                  </circle>
                ))}
              </g>
            ))}
        {/* Hover targets: one column per day (they only matter once JavaScript runs). */}
        {days.map((day, n) => (
          <rect
            key={day}
            x={PAD.left + slot * n}
            y={PAD.top}
            width={slot}
            height={PLOT_H}
            fill="transparent"
            className={active === n ? 'fill-muted/40' : undefined}
            onPointerEnter={() => setActive(n)}
          />
        ))}
      </svg>
      {/* Day names in HTML under their columns: text inside the SVG would shrink with it on phones. */}
      <div
        className="grid text-center text-xs text-subtle"
        style={{
          gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))`,
          paddingLeft: `${(PAD.left / WIDTH) * 100}%`,
          paddingRight: `${(PAD.right / WIDTH) * 100}%`,
        }}
        aria-hidden="true"
      >
        {labels.map((label, day) => (
          <span key={days[day]} className="truncate">
            {/* A phone has room for the day of the month only (issue 28: "20日周五" was cut to "20日…"). */}
            <span className="sm:hidden">{shortLabels[day]}</span>
            <span className="hidden sm:inline">{label}</span>
          </span>
        ))}
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-4 text-sm">
        {series.map((s) => (
          <span key={s.label} className="inline-flex items-center gap-2">
            <svg viewBox="0 0 10 10" className={`h-3 w-3 ${s.tone}`} aria-hidden="true">
              <rect width="10" height="10" rx="2" />
            </svg>
            {s.label}
          </span>
        ))}
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-subtle">{t('dashboard.activity.asTable')}</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="py-1 font-medium">
                {t('dashboard.activity.day')}
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="py-1 text-right font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, n) => (
              <tr key={day} className="border-t border-line">
                <th scope="row" className="py-1 font-normal">
                  <time dateTime={day}>{labels[n]}</time>
                </th>
                {series.map((s) => (
                  <td key={s.label} className="py-1 text-right tabular-nums">
                    {s.values[n] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
