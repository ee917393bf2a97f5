import { useState } from 'react';
import type { AccessView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { OWNER_TEXTS as T } from './owner-texts';
import { SectionPicker, sectionsText } from './section-picker';

interface AccessSectionsProps {
  api: OwnerApi;
  access: AccessView;
  /** The manifest's sections. */
  sections: string[];
  onChanged: () => void;
}

/** Which sections of the documents a company sees, changed after a tap on "Bereiche ändern". */
export function AccessSections({ api, access, sections, onChanged }: AccessSectionsProps) {
  const [chosen, setChosen] = useState<string[]>();
  const [error, setError] = useState<string>();
  // A section gone from the manifest since is not offered again.
  const edit = () => setChosen(sections.filter((name) => access.sections?.includes(name) ?? true));
  const save = async () => {
    setError(undefined);
    if (!chosen) return;
    // Seeing a section it did not: the phone asks for the passkey first.
    const seen = access.sections ?? sections;
    const widens = chosen.some((section) => !seen.includes(section));
    await api.setSections(access.id, chosen, widens).then(
      () => {
        setChosen(undefined);
        onChanged();
      },
      (caught: Error) => setError(caught.message),
    );
  };

  return (
    <div className="access-sections">
      <p>
        {T.sections}: {sectionsText(access.sections)}
      </p>
      {chosen ? (
        <>
          <SectionPicker sections={sections} chosen={chosen} onChange={setChosen} />
          <div className="owner__actions">
            <button type="button" className="button" onClick={() => void save()}>
              {T.saveSections}
            </button>
            <button type="button" className="button" onClick={() => setChosen(undefined)}>
              {T.cancel}
            </button>
          </div>
        </>
      ) : (
        access.state === 'active' && (
          <button type="button" className="button" onClick={edit}>
            {T.editSections}
          </button>
        )
      )}
      {error && (
        <p className="owner__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
