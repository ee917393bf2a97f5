import { useId } from 'react';
import { OWNER_TEXTS as T } from './owner-texts';

interface SectionPickerProps {
  /** The manifest's sections, in its order. */
  sections: string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

/** A checkbox per section of the documents; the company sees the checked ones. */
export function SectionPicker({ sections, chosen, onChange }: SectionPickerProps) {
  const id = useId();
  const toggle = (section: string, on: boolean) =>
    onChange(sections.filter((name) => (name === section ? on : chosen.includes(name))));
  return (
    <fieldset className="section-picker">
      <legend>{T.sectionsLegend}</legend>
      {sections.map((section, index) => (
        <div key={section} className="section-picker__choice">
          <input
            id={`${id}-${index}`}
            type="checkbox"
            checked={chosen.includes(section)}
            onChange={(event) => toggle(section, event.target.checked)}
          />
          <label htmlFor={`${id}-${index}`}>{section}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** The sections an access sees, in words: "alle", "keinen" or their names. */
export const sectionsText = (sections: string[] | null) =>
  sections === null ? T.allSections : sections.join(', ') || T.noSection;
