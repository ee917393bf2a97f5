import type { ReactNode } from 'react';
import type { SectionId } from '../constants';

interface SectionProps {
  id: SectionId;
  title: string;
  /** Short line above the heading. */
  eyebrow?: string;
  className?: string;
  children: ReactNode;
}

/** A home page section: anchor id, labelled by its h2. */
export function Section({ id, title, eyebrow, className, children }: SectionProps) {
  return (
    <section id={id} className={`section ${className ?? ''}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="section__header">
          {eyebrow && <p className="section__eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="section__title">
            {title}
          </h2>
        </div>
        {children}
      </div>
    </section>
  );
}
