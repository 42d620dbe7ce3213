const TONES = {
  brand: 'bg-brand-soft text-accent',
  neutral: 'bg-muted text-subtle',
  danger: 'bg-danger/10 text-danger dark:bg-danger/20 dark:text-red-300',
} as const;

export function Badge({ children, tone = 'brand' }: { children: React.ReactNode; tone?: keyof typeof TONES }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
