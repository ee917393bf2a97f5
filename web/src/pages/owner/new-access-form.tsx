import { LABEL_MAX, LETTER_MAX_BYTES, LETTER_MAX_MB } from '@portfolio/api/letter-limits';
import { useId, useState, type FormEvent } from 'react';
import type { NewAccess } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { AccessCreated } from './access-created';
import { OWNER_TEXTS as T } from './owner-texts';
import { SectionPicker } from './section-picker';

/** The command line's default validity (make access-add). */
const DEFAULT_DAYS = 90;

interface NewAccessFormProps {
  api: OwnerApi;
  /** The manifest's sections: every one checked at first. */
  sections: string[];
  onCreated: () => void;
}

/**
 * Company name, validity, the sections it sees and a first PDF of its own → the personal
 * link, its code and its QR code, after one tap of the passkey for all of it. More PDFs are
 * added in the list below, where the new link shows first.
 */
export function NewAccessForm({ api, sections, onCreated }: NewAccessFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  // Unchanged: every section, also those loaded after the form first showed.
  const [chosen, setChosen] = useState<string[]>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<NewAccess>();
  const [file, setFile] = useState<File>();
  const [fileName, setFileName] = useState('');

  const chooseFile = (chosenFile: File | undefined) => {
    setFile(chosenFile);
    setFileName(chosenFile ? chosenFile.name.replace(/\.pdf$/i, '') : '');
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file && file.size > LETTER_MAX_BYTES) return setError(T.tooBig(LETTER_MAX_MB));
    const form = event.currentTarget;
    setBusy(true);
    setError(undefined);
    try {
      const first = file && { file, name: fileName.trim() };
      const answer = await api.createAccess(name.trim(), Number(days), chosen, first);
      setCreated(answer.made);
      if (answer.refused !== undefined) setError(T.firstLetterRefused(answer.refused));
      setName('');
      setChosen(undefined);
      form.reset();
      chooseFile(undefined);
      onCreated();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="owner__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{T.newAccess}</h2>
      <form className="owner-form" onSubmit={submit} aria-busy={busy}>
        {error && (
          <p className="owner__error" role="alert">
            {error}
          </p>
        )}
        <label htmlFor={`${id}-name`}>{T.company}</label>
        <input
          id={`${id}-name`}
          className="field"
          name="company"
          autoComplete="organization"
          required
          maxLength={LABEL_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <label htmlFor={`${id}-days`}>{T.days}</label>
        <input
          id={`${id}-days`}
          className="field owner-form__days"
          name="days"
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          required
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
        {sections.length > 0 && (
          <SectionPicker sections={sections} chosen={chosen ?? sections} onChange={setChosen} />
        )}
        <label htmlFor={`${id}-file`}>{T.firstLetter}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => chooseFile(event.target.files?.[0])}
        />
        {file && (
          <>
            <label htmlFor={`${id}-file-name`}>{T.fileName}</label>
            <input
              id={`${id}-file-name`}
              className="field"
              required
              maxLength={LABEL_MAX}
              value={fileName}
              onChange={(event) => setFileName(event.target.value)}
            />
          </>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {T.create}
        </button>
      </form>
      {created && <AccessCreated access={created} />}
    </section>
  );
}
