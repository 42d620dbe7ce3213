import type { ReactNode } from 'react';

/** A titled group of the storage form's fields, two columns from a tablet up. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-x-5 gap-y-4 border-t border-line pt-5 sm:grid-cols-2">
      <legend className="float-left mb-1 w-full text-sm font-semibold tracking-wide text-subtle uppercase sm:col-span-2">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}
