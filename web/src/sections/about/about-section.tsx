import { useState } from 'react';
import { aboutIntro, aboutTopics } from '../../content/about';
import { skillBoxes } from '../../content/skills';
import { Section } from '../section';
import { SkillBox } from './skill-box';
import './about-section.css';

const MORE_ID = 'about-more';

export function AboutSection() {
  const [expanded, setExpanded] = useState(false);

  return (
    <Section id="about" title="Über mich" eyebrow="Wer ich bin">
      <p className="section__intro">{aboutIntro}</p>
      <div className="skill-boxes">
        {skillBoxes.map((box) => (
          <SkillBox key={box.title} box={box} />
        ))}
      </div>

      <div id={MORE_ID} className="about-more" hidden={!expanded}>
        {aboutTopics.map((topic) => (
          <article key={topic.heading} className="about-more__topic">
            <h3>{topic.heading}</h3>
            {topic.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </article>
        ))}
      </div>
      <div className="about-toggle">
        <button
          type="button"
          className="button"
          aria-expanded={expanded}
          aria-controls={MORE_ID}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Weniger anzeigen' : 'Mehr über mich'}
        </button>
      </div>
    </Section>
  );
}
