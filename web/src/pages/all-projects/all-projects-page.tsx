import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FILTER_ALL, FILTER_OPTIONS } from '../../constants';
import { projects } from '../../content/projects';
import { BackHomeLink } from '../back-home-link';
import { filterProjects, parseFilter } from './filter-projects';
import { ProjectCard } from './project-card';
import './all-projects-page.css';
import { pageTitle } from '../../content/owner';

const FILTER_PARAM = 'sprache';

/** All projects, filterable by language; the filter sits in the URL (?sprache=…) to be shared. */
export default function AllProjectsPage() {
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get(FILTER_PARAM));
  const shown = filterProjects(projects, filter);

  // Before paint, so the page never shows at the scroll position of the previous one.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="page container">
      <title>{pageTitle('Alle Projekte')}</title>
      <meta
        name="description"
        content="Alle Projekte eines angehenden Applikationsentwicklers aus Bern, nach Programmiersprache filterbar."
      />
      <BackHomeLink section="projects">Zurück zur Startseite</BackHomeLink>
      <div className="page__header all-projects__header">
        <h1 className="page__title">Alle Projekte</h1>
        <div className="all-projects__filter">
          <label htmlFor="project-filter">Nach Sprache filtern</label>
          <select
            id="project-filter"
            className="field"
            value={filter}
            onChange={(event) => {
              const value = event.target.value;
              setParams(value === FILTER_ALL ? {} : { [FILTER_PARAM]: value }, { replace: true });
            }}
          >
            {FILTER_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="all-projects__count" role="status">
        {shown.length === 1 ? '1 Projekt' : `${shown.length} Projekte`}
      </p>
      {shown.length > 0 ? (
        <div className="project-grid">
          {shown.map((project, index) => (
            <ProjectCard key={project.title} project={project} index={index} />
          ))}
        </div>
      ) : (
        <p className="all-projects__empty">Zu dieser Sprache gibt es noch kein Projekt.</p>
      )}
    </div>
  );
}
