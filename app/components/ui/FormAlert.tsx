/** A form-level message; role="alert" so screen readers announce it when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: React.ReactNode; tone?: 'error' | 'success' }) {
  const styles =
    tone === 'error' ? 'border-danger/40 bg-danger/10 text-danger' : 'border-success/40 bg-success/10 text-success';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
