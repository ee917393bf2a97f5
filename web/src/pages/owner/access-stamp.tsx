import { useId, useState } from 'react';
import type { AccessView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { OWNER_TEXTS as T } from './owner-texts';

interface AccessStampProps {
  api: OwnerApi;
  access: AccessView;
  onChanged: () => void;
}

/**
 * The line every page of the company's PDFs carries, shown as it sits below a page, and
 * its switch; off takes a passkey tap (the page then shows more than whom it went to).
 */
export function AccessStamp({ api, access, onChanged }: AccessStampProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const switchTo = async (on: boolean) => {
    setError(undefined);
    setBusy(true);
    await api.setStamp(access.id, on).then(onChanged, (caught: Error) => setError(caught.message));
    setBusy(false);
  };

  return (
    <div className="access-stamp">
      <h4>{T.stamp}</h4>
      <div className="access-stamp__switch">
        <input
          id={id}
          type="checkbox"
          checked={access.stamp}
          disabled={busy || access.state !== 'active'}
          onChange={(event) => void switchTo(event.target.checked)}
        />
        <label htmlFor={id}>{T.stampSwitch}</label>
      </div>
      {access.stamp ? (
        <>
          <figure className="access-stamp__preview" aria-labelledby={`${id}-line`}>
            <div className="access-stamp__page" aria-hidden="true" />
            <figcaption id={`${id}-line`}>
              <span className="visually-hidden">{T.stampPreview(access.name)}: </span>
              <span className="access-stamp__line">{access.stampLine}</span>
            </figcaption>
          </figure>
          <p className="owner__muted">
            {T.stampLead} {T.stampAsIs}
          </p>
          {access.unstamped.length > 0 && (
            <ul className="access-stamp__as-is">
              {access.unstamped.map(({ name, reason }) => (
                <li key={name}>{T.unstamped(name, reason)}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="owner__muted">{T.stampOff}</p>
      )}
      {error && (
        <p className="owner__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
