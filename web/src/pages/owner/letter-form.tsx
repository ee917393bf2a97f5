import { LABEL_MAX, LETTER_MAX_BYTES, LETTER_MAX_MB } from '@portfolio/api/letter-limits';
import { useId, useState, type FormEvent } from 'react';
import { OWNER_TEXTS as T } from './owner-texts';

interface LetterFormProps {
  /** The file field's label. */
  fileLabel: string;
  /** The name it has now (replacing), else taken from the chosen file. */
  name?: string;
  submit: string;
  /** Sends the file; rejects with the API's line. */
  onUpload: (file: File, name: string) => Promise<unknown>;
}

const withoutExtension = (filename: string) => filename.replace(/\.pdf$/i, '');

/**
 * A PDF from the phone's files and the name the company sees it under. A file over the size
 * limit is refused here, before it is sent; what it holds the API checks.
 */
export function LetterForm({ fileLabel, name: current = '', submit, onUpload }: LetterFormProps) {
  const id = useId();
  const [file, setFile] = useState<File>();
  const [name, setName] = useState(current);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ error?: string; done?: string }>({});

  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    setStatus({});
    if (chosen && !current) setName(withoutExtension(chosen.name));
  };
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > LETTER_MAX_BYTES) {
      setStatus({ error: T.tooBig(LETTER_MAX_MB) });
      return;
    }
    const form = event.currentTarget;
    setBusy(true);
    try {
      await onUpload(file, name.trim());
      form.reset();
      setFile(undefined);
      setName(current);
      setStatus({ done: T.uploaded(name.trim()) });
    } catch (caught) {
      setStatus({ error: caught instanceof Error ? caught.message : String(caught) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="owner-form" onSubmit={send} aria-busy={busy}>
      <label htmlFor={`${id}-file`}>{fileLabel}</label>
      <input
        id={`${id}-file`}
        type="file"
        accept="application/pdf,.pdf"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <label htmlFor={`${id}-name`}>{T.fileName}</label>
      <input
        id={`${id}-name`}
        className="field"
        required
        maxLength={LABEL_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || !file}>
        {busy ? T.uploading : submit}
      </button>
      {status.error && (
        <p className="owner__error" role="alert">
          {status.error}
        </p>
      )}
      <p role="status">{status.done ?? ''}</p>
    </form>
  );
}
