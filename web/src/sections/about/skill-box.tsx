import { useRef } from 'react';
import type { SkillBox as SkillBoxData } from '../../content/skills';
import { useInView } from '../../hooks/use-in-view';
import { useStyleProperty } from '../../hydration/use-style-property';

/** A box of skill bars that fill up once the box scrolls into view. */
export function SkillBox({ box, title }: { box: SkillBoxData; title: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);

  return (
    <div ref={ref} className="skill-box card" data-filled={inView}>
      <h3 className="skill-box__title">{title}</h3>
      <ul className="skill-box__list">
        {box.skills.map((skill) => (
          <li key={skill.name} className="skill">
            <div className="skill__head">
              <span>{skill.name}</span>
              <span className="skill__value">{skill.level} %</span>
            </div>
            <div
              className="skill__track"
              role="meter"
              aria-label={skill.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={skill.level}
            >
              <SkillBar width={inView ? `${skill.level}%` : '0'} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SkillBar({ width }: { width: string }) {
  const ref = useStyleProperty<HTMLDivElement>('width', width);
  return <div ref={ref} className="skill__bar" />;
}
