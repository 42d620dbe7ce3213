import type { ReactNode } from 'react';

/** A card's heading beside its icon in a soft circle, and a line under it (the share gates' look). */
export function IconHeading({
  id,
  icon,
  heading,
  body,
}: {
  id: string;
  icon: ReactNode;
  heading: string;
  body: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 id={id} className="text-lg font-semibold">
          {heading}
        </h2>
        <p className="mt-1 text-sm text-subtle">{body}</p>
      </div>
    </div>
  );
}
