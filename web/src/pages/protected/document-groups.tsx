import { useState } from 'react';
import { downloadFile, type DocumentFile, type DocumentGroup } from '../../api/documents-client';
import { openInNewTab, saveBlob } from './blob-actions';
import { useProtectedTexts } from '../../i18n/use-protected-texts';
import { formatSize } from './format-size';
import { progressText, type Progress } from './progress-label';
import { isBusy, useGuardedCall } from './use-guarded-call';

// Below this size a download is over before a percentage could be read.
const SHOW_PROGRESS_FROM_BYTES = 1_000_000;

type Action = 'open' | 'download';

function FileRow({ file, id }: { file: DocumentFile; id: string }) {
  const guarded = useGuardedCall();
  const [busy, setBusy] = useState<{ action: Action; progress: Progress } | null>(null);
  const texts = useProtectedTexts();

  const showsProgress = file.size >= SHOW_PROGRESS_FROM_BYTES;
  const fetchWithProgress = (action: Action, token: string | null) =>
    downloadFile(
      file,
      token,
      showsProgress
        ? (received, total) => setBusy({ action, progress: { received, total } })
        : undefined,
      action,
    );
  const open = async () => {
    await guarded(
      (token) => openInNewTab(() => fetchWithProgress('open', token), texts.documentLoading),
      (error) => window.alert(isBusy(error) ? texts.busy : texts.openFailed),
    );
    setBusy(null);
  };
  const download = async () => {
    await guarded(
      async (token) => saveBlob(await fetchWithProgress('download', token), file.filename),
      (error) => window.alert(isBusy(error) ? texts.busy : texts.downloadFailed),
    );
    setBusy(null);
  };
  const label = (action: Action, idle: string) =>
    busy?.action === action ? `${idle}: ${progressText(busy.progress, texts)}` : idle;

  return (
    <li className="file-row">
      <div className="file-row__text">
        <span id={id} className="file-row__name">
          {file.name}
        </span>
        <span className="file-row__meta">PDF · {formatSize(file.size, texts.numberMarks)}</span>
      </div>
      <div className="file-row__actions">
        <button type="button" className="button" aria-describedby={id} onClick={() => void open()}>
          {label('open', texts.open)}
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-describedby={id}
          onClick={() => void download()}
        >
          {label('download', 'Download')}
        </button>
      </div>
    </li>
  );
}

export function DocumentGroups({ groups }: { groups: DocumentGroup[] }) {
  const texts = useProtectedTexts();
  return (
    <div className="document-groups">
      {groups.map((group, groupIndex) => (
        <section
          key={group.section}
          className="document-group card"
          aria-labelledby={`group-${groupIndex}`}
        >
          <h2 id={`group-${groupIndex}`} className="document-group__title">
            {group.own ? `${texts.accessLink.ownGroup} ${group.section}` : group.section}
          </h2>
          <ul className="document-group__files">
            {group.files.map((file, fileIndex) => (
              <FileRow key={file.filename} file={file} id={`file-${groupIndex}-${fileIndex}`} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
