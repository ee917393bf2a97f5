import { schools } from '../../content/schools';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { useViewport } from '../../hooks/use-media-query';
import { useStyleProperty } from '../../hydration/use-style-property';
import { Section } from '../section';
import { timelineDotOffset } from './timeline-dot';
import { TimelineItem, type Side } from './timeline-item';
import './education-section.css';

/** Newest first; left and right alternate on wide screens, all from the right when narrow. */
export function EducationSection() {
  const viewport = useViewport();
  const { nav, education } = useSiteTexts();
  const timelineRef = useStyleProperty<HTMLOListElement>(
    '--timeline-dot-offset',
    timelineDotOffset(viewport),
  );
  const newestFirst = [...schools].reverse();
  const sideOf = (index: number): Side =>
    viewport !== 'wide' || index % 2 === 1 ? 'right' : 'left';

  return (
    <Section id="education" title={nav.education} eyebrow={education.eyebrow}>
      <ol
        className="timeline"
        data-layout={viewport === 'wide' ? 'alternate' : 'single'}
        ref={timelineRef}
      >
        {newestFirst.map((school, index) => (
          <TimelineItem key={school.id} school={school} side={sideOf(index)} />
        ))}
      </ol>
    </Section>
  );
}
