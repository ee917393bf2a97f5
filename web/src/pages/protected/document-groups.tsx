import { downloadFile, type DocumentFile, type DocumentGroup } from '../../api/api-client';
import { openInNewTab, saveBlob } from './blob-actions';
import { DOWNLOAD_FAILED_MESSAGE, OPEN_FAILED_MESSAGE } from './file-messages';
import { formatSize } from './format-size';
import { useGuardedCall } from './use-guarded-call';

function FileRow({ file, id }: { file: DocumentFile; id: string }) {
  const guarded = useGuardedCall();

  const open = () =>
    guarded(
      (token) => openInNewTab(() => downloadFile(file.filename, token)),
      () => window.alert(OPEN_FAILED_MESSAGE),
    );
  const download = () =>
    guarded(
      async (token) => saveBlob(await downloadFile(file.filename, token), file.filename),
      () => window.alert(DOWNLOAD_FAILED_MESSAGE),
    );

  return (
    <li className="file-row">
      <div className="file-row__text">
        <span id={id} className="file-row__name">
          {file.name}
        </span>
        <span className="file-row__meta">PDF · {formatSize(file.size)}</span>
      </div>
      <div className="file-row__actions">
        <button type="button" className="button" aria-describedby={id} onClick={open}>
          Öffnen
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-describedby={id}
          onClick={download}
        >
          Download
        </button>
      </div>
    </li>
  );
}

export function DocumentGroups({ groups }: { groups: DocumentGroup[] }) {
  return (
    <div className="document-groups">
      {groups.map((group, groupIndex) => (
        <section
          key={group.section}
          className="document-group card"
          aria-labelledby={`group-${groupIndex}`}
        >
          <h2 id={`group-${groupIndex}`} className="document-group__title">
            {group.section}
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
