import type { ReactNode } from 'react';

/** A region of the layout whose feature has not landed yet: it says plainly what it will show. */
export function RegionPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="region" aria-label={title}>
      <h2 className="region-title">{title}</h2>
      <div className="placeholder">{children}</div>
    </section>
  );
}
