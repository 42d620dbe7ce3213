import { Form, useNavigation } from 'react-router';
import { Icon, type IconName } from './Icon';

/**
 * A small form of its own: one button that posts `intent` for the record `id` (plus `fields`) to
 * `action`, showing `busyLabel` while that very submission runs. Works the same without JavaScript.
 */
export function IntentButton({
  action,
  intent,
  id,
  fields = {},
  label,
  busyLabel,
  ariaLabel,
  icon,
  className = '',
}: {
  action: string;
  intent: string;
  id: string;
  fields?: Record<string, string>;
  label: string;
  busyLabel: string;
  /** When the visible label alone does not say which record it acts on. */
  ariaLabel?: string;
  icon?: IconName;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('id') === id;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`btn px-3 py-1.5 text-xs ${className}`} disabled={busy} aria-label={ariaLabel}>
        {icon && <Icon name={icon} className="h-3.5 w-3.5" />}
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}
