import { Suspense, useEffect, useState } from 'react';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { skillBoxes } from '../../content/skills';
import { preloadableLazy } from '../../hydration/preloadable-lazy';
import { onIdle } from '../../hydration/when-idle';
import { Section } from '../section';
import { SkillBox } from './skill-box';
import './about-section.css';

const MORE_ID = 'about-more';

// The longest text of the start page, hidden until asked for: its chunk is fetched once the
// page is idle (or at the first click), not with the app that the first tap waits for.
const { Component: AboutTopics, preload: preloadTopics } = preloadableLazy(
  () => import('./about-topics'),
);

export function AboutSection() {
  const [expanded, setExpanded] = useState(false);
  const { nav, about, loading } = useSiteTexts();
  useEffect(() => onIdle(() => void preloadTopics()), []);

  return (
    <Section id="about" title={nav.about} eyebrow={about.eyebrow}>
      <p className="section__intro">{about.intro}</p>
      <div className="skill-boxes">
        {skillBoxes.map((box) => (
          <SkillBox key={box.id} box={box} title={about.skillBoxes[box.id]} />
        ))}
      </div>

      <div id={MORE_ID} className="about-more" hidden={!expanded}>
        {expanded && (
          <Suspense fallback={<p>{loading}</p>}>
            <AboutTopics />
          </Suspense>
        )}
      </div>
      <div className="about-toggle">
        <button
          type="button"
          className="button"
          aria-expanded={expanded}
          aria-controls={MORE_ID}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? about.less : about.more}
        </button>
      </div>
    </Section>
  );
}
