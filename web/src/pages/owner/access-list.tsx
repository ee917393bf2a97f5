import { useId } from 'react';
import type { AccessView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { AccessItem } from './access-item';
import { OWNER_TEXTS as T } from './owner-texts';

interface AccessListProps {
  api: OwnerApi;
  /** Newest activity first, as the API sorts them; undefined while loading. */
  accesses?: AccessView[];
  /** The manifest's sections, for choosing what a company sees. */
  sections: string[];
  onChanged: () => void;
}

/** Every access with its dates, use, sections and own PDFs; a link's log; revoke after a question. */
export function AccessList({ api, accesses, sections, onChanged }: AccessListProps) {
  const titleId = useId();
  return (
    <section className="owner__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{T.accesses}</h2>
      {!accesses && <p role="status">{T.loading}</p>}
      {accesses?.length === 0 && <p>{T.noAccesses}</p>}
      {accesses && accesses.length > 0 && (
        <ul className="access-items">
          {accesses.map((access) => (
            <AccessItem
              key={access.id}
              api={api}
              access={access}
              sections={sections}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
