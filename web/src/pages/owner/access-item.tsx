import { useId, useState } from 'react';
import type { AccessView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { AccessLetters } from './access-letters';
import { AccessLogView } from './access-log-view';
import { AccessSections } from './access-sections';
import { AccessStamp } from './access-stamp';
import { ConfirmDialog } from './confirm-dialog';
import { OWNER_TEXTS as T, localDate, localTime } from './owner-texts';

const when = (iso: string | null) => (iso ? localTime(iso) : T.never);

interface AccessItemProps {
  api: OwnerApi;
  access: AccessView;
  /** The manifest's sections. */
  sections: string[];
  onChanged: () => void;
}

/** One access: its dates and use, what it sees, its log; revoke after a question. */
export function AccessItem({ api, access, sections, onChanged }: AccessItemProps) {
  const [logOpen, setLogOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const logId = useId();

  const revoke = async () => {
    setConfirming(false);
    try {
      await api.revokeAccess(access.id);
      onChanged();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <li className="access-item card">
      <h3 className="access-item__name">
        {access.name}{' '}
        <span className={`access-item__state access-item__state--${access.state}`}>
          {T.states[access.state]}
        </span>
      </h3>
      <dl className="access-item__facts">
        <dt>{T.created}</dt>
        <dd>{localDate(access.createdAt)}</dd>
        <dt>{T.expires}</dt>
        <dd>{localDate(access.expiresAt)}</dd>
        <dt>{T.firstUse}</dt>
        <dd>{when(access.firstUsedAt)}</dd>
        <dt>{T.lastUse}</dt>
        <dd>{when(access.lastUsedAt)}</dd>
        <dt>{T.uses}</dt>
        <dd>{access.uses}</dd>
        <dt>{T.downloads}</dt>
        <dd>{access.downloads}</dd>
      </dl>
      <AccessSections api={api} access={access} sections={sections} onChanged={onChanged} />
      <AccessStamp api={api} access={access} onChanged={onChanged} />
      {(access.state === 'active' || access.letters.length > 0) && (
        <AccessLetters api={api} access={access} onChanged={onChanged} />
      )}
      {error && (
        <p className="owner__error" role="alert">
          {error}
        </p>
      )}
      <div className="owner__actions">
        <button
          type="button"
          className="button"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen(!logOpen)}
        >
          {logOpen ? T.hideLog : T.showLog}
        </button>
        {access.state === 'active' && (
          <button
            type="button"
            className="button button--danger"
            onClick={() => setConfirming(true)}
          >
            {T.revoke}
          </button>
        )}
      </div>
      <div id={logId}>{logOpen && <AccessLogView api={api} accessId={access.id} />}</div>
      {confirming && (
        <ConfirmDialog
          title={T.accessFor(access.name)}
          question={T.revokeQuestion(access.name)}
          confirm={T.revoke}
          onConfirm={revoke}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
