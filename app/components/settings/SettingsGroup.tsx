import type { ReactNode } from 'react';

/**
 * A titled group of settings inside a settings form: a fieldset, so the legend names its controls
 * for assistive technology. The legend floats so it lays out like a heading, not on the border.
 */
export function SettingsGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-line pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <legend className="float-left mb-3 w-full text-sm font-semibold tracking-wide text-subtle uppercase">
        {legend}
      </legend>
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}
