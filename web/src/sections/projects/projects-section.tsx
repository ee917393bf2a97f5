import { Link } from 'react-router-dom';
import { MARQUEE_MAX_PROJECTS } from '../../constants';
import { useProjects, type ShownProject } from '../../i18n/use-projects';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { useLocalePath } from '../../i18n/use-language';
import { ArrowRightIcon } from '../../layout/icons';
import { allProjectsRoute } from '../../all-projects-route';
import { Section } from '../section';
import './projects-section.css';

const preloadAllProjects = () => void allProjectsRoute.preload();

function MarqueeCard({ project }: { project: ShownProject }) {
  return (
    <li className="marquee__item card">
      <img
        src={project.img.src}
        width={project.img.width}
        height={project.img.height}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className="marquee__text">
        <h3>{project.title}</h3>
        <p>{project.languages.join(', ')}</p>
      </div>
    </li>
  );
}

/**
 * The first six projects run as a loop; the list is rendered twice so the band never shows
 * a gap. The copy is hidden from assistive technology, so every project is read once.
 */
export function ProjectsSection() {
  const shown = useProjects().slice(0, MARQUEE_MAX_PROJECTS);
  const { nav, projects } = useSiteTexts();
  const localePath = useLocalePath();

  return (
    <Section id="projects" title={nav.projects} eyebrow={projects.eyebrow}>
      <div className="marquee">
        <div className="marquee__track">
          <ul className="marquee__group" aria-label={projects.selected}>
            {shown.map((project) => (
              <MarqueeCard key={project.id} project={project} />
            ))}
          </ul>
          <ul className="marquee__group" aria-hidden="true" data-copy="true">
            {shown.map((project) => (
              <MarqueeCard key={project.id} project={project} />
            ))}
          </ul>
        </div>
      </div>
      <p className="projects__more">
        <Link
          className="button button--primary"
          to={localePath('/all-projects')}
          onPointerEnter={preloadAllProjects}
          onFocus={preloadAllProjects}
        >
          {projects.all}
          <ArrowRightIcon />
        </Link>
      </p>
    </Section>
  );
}
