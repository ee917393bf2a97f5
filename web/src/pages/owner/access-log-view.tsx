import { useEffect, useState } from 'react';
import type { LogEntryView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { OWNER_TEXTS as T, localTime } from './owner-texts';

/** One access's log, newest first, in the words `make access-log` uses. */
export function AccessLogView({ api, accessId }: { api: OwnerApi; accessId: string }) {
  const [entries, setEntries] = useState<LogEntryView[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    api.accessLog(accessId).then(setEntries, (caught: Error) => setError(caught.message));
  }, [api, accessId]);

  if (error)
    return (
      <p className="owner__error" role="alert">
        {error}
      </p>
    );
  if (!entries) return <p role="status">{T.loading}</p>;
  if (entries.length === 0) return <p>{T.noLog}</p>;
  return (
    <ol className="access-log">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <time dateTime={entry.at}>{localTime(entry.at)}</time> {entry.what}
          {entry.result && <span className="owner__muted"> ({entry.result})</span>}
        </li>
      ))}
    </ol>
  );
}
