import { LETTER_MAX_MB, LETTERS_PER_ACCESS } from '@portfolio/api/letter-limits';
import { useState } from 'react';
import type { AccessView, LetterView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { ConfirmDialog } from './confirm-dialog';
import { LetterForm } from './letter-form';
import { OWNER_TEXTS as T } from './owner-texts';

interface AccessLettersProps {
  api: OwnerApi;
  access: AccessView;
  onChanged: () => void;
}

const kilobytes = (size: number) =>
  `${Math.max(1, Math.round(size / 1024)).toLocaleString('de-CH')} KB`;

function LetterItem({
  api,
  access,
  letter,
  onChanged,
}: AccessLettersProps & { letter: LetterView }) {
  const [replacing, setReplacing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setRemoving(false);
    await api
      .removeLetter(access.id, letter.id)
      .then(onChanged, (caught: Error) => setError(caught.message));
  };
  const active = access.state === 'active';

  return (
    <li className="own-letter">
      <span>
        {letter.name} <span className="owner__muted">({kilobytes(letter.size)})</span>
        {letter.damaged && <strong className="owner__error"> {T.damaged}</strong>}
      </span>
      <div className="owner__actions">
        {active && (
          <button
            type="button"
            className="button"
            aria-expanded={replacing}
            onClick={() => setReplacing(!replacing)}
          >
            {T.replace}
          </button>
        )}
        <button
          type="button"
          className="button button--danger"
          aria-label={`${letter.name} ${T.remove}`}
          onClick={() => setRemoving(true)}
        >
          {T.remove}
        </button>
      </div>
      {error && (
        <p className="owner__error" role="alert">
          {error}
        </p>
      )}
      {replacing && (
        <LetterForm
          fileLabel={T.newVersion(letter.name)}
          name={letter.name}
          submit={T.replace}
          onUpload={(file, name) =>
            api.uploadLetter(access.id, file, name, letter.id).then(onChanged)
          }
        />
      )}
      {removing && (
        <ConfirmDialog
          title={T.accessFor(access.name)}
          question={T.removeFileQuestion(letter.name)}
          confirm={T.remove}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(false)}
        />
      )}
    </li>
  );
}

/** A company's own PDFs: listed, replaced, removed, and one more uploaded while there is room. */
export function AccessLetters(props: AccessLettersProps) {
  const { api, access, onChanged } = props;
  // Folded until asked for: the list stays short on a phone with many links.
  const [adding, setAdding] = useState(false);
  const full = access.letters.length >= LETTERS_PER_ACCESS;
  return (
    <div className="own-letters">
      <h4>{T.ownFiles}</h4>
      <p className="owner__muted">{T.ownFilesLead(LETTERS_PER_ACCESS, LETTER_MAX_MB)}</p>
      {access.letters.length === 0 ? (
        <p>{T.noOwnFiles}</p>
      ) : (
        <ul className="own-letters__list">
          {access.letters.map((letter) => (
            <LetterItem key={letter.id} {...props} letter={letter} />
          ))}
        </ul>
      )}
      {access.state === 'active' && full && <p>{T.full(LETTERS_PER_ACCESS)}</p>}
      {access.state === 'active' && !full && (
        <button
          type="button"
          className="button"
          aria-expanded={adding}
          onClick={() => setAdding(!adding)}
        >
          {T.addFile}
        </button>
      )}
      {adding && !full && (
        <LetterForm
          fileLabel={T.fileFor(access.name)}
          submit={T.upload}
          onUpload={(file, name) => api.uploadLetter(access.id, file, name).then(onChanged)}
        />
      )}
    </div>
  );
}
