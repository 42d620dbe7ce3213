import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The classes of a choice in a switch: a pill, raised while it is the current one. */
export const SWITCH_CHOICE_CLASS =
  'rounded px-2.5 py-1 text-xs font-medium text-subtle transition-colors hover:text-ink aria-[current=true]:bg-surface aria-[current=true]:text-ink aria-[current=true]:shadow-sm';

type Address = { pathname: string; search: string };

/**
 * A choice made by links that set a query parameter, so it works without JavaScript (a paste's
 * format, an Office document's viewer). With JavaScript a click switches in place: the state and
 * the address change, and nothing navigates, so no loader runs again and no view is counted.
 * `addressOf` gives the address with a choice made, from the one the page is at.
 *
 * The click is handled whether or not `useHydrated()` is true yet: between hydration's commit and
 * the render that makes it true the handler already runs, and returning then let the Link navigate
 * instead, which kept the state as it was (a click in that moment switched nothing; the suite's
 * tests/e2e/file-view.spec.ts met it).
 */
export function useSwitchLinks<S extends string>(initial: () => S, addressOf: (at: Address, next: S) => string) {
  const [chosen, setChosen] = useState<S>(initial);
  const choose = (next: S) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // a new tab, say
    event.preventDefault();
    setChosen(next);
    window.history.replaceState(window.history.state, '', addressOf(window.location, next));
  };
  return { chosen, choose };
}

/** One choice of a switch: a link that replaces the address and keeps the scroll. */
export function SwitchLink({
  to,
  current,
  onClick,
  children,
}: {
  to: string;
  current: boolean;
  onClick: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      onClick={onClick}
      aria-current={current ? 'true' : undefined}
      className={SWITCH_CHOICE_CLASS}
    >
      {children}
    </Link>
  );
}
