import { schools } from '../../content/schools';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { Section } from '../section';
import { TimelineItem } from './timeline-item';
import './education-section.css';

/** Newest first; CSS lays the timeline out for the screen (education-section.css). */
export function EducationSection() {
  const { nav, education } = useSiteTexts();
  const newestFirst = [...schools].reverse();

  return (
    <Section id="education" title={nav.education} eyebrow={education.eyebrow}>
      <ol className="timeline">
        {newestFirst.map((school) => (
          <TimelineItem key={school.id} school={school} />
        ))}
      </ol>
    </Section>
  );
}
