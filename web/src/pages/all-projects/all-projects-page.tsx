import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FILTER_ALL, FILTER_OPTIONS } from '../../constants';
import { useProjects } from '../../i18n/use-projects';
import { useAllProjectsTexts } from '../../i18n/use-all-projects-texts';
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
  const shown = filterProjects(useProjects(), filter);
  const texts = useAllProjectsTexts();

  // Before paint, so the page never shows at the scroll position of the previous one.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="page container">
      <title>{pageTitle(texts.title)}</title>
      <meta name="description" content={texts.description} />
      <BackHomeLink section="projects" />
      <div className="page__header all-projects__header">
        <h1 className="page__title">{texts.title}</h1>
        <div className="all-projects__filter">
          <label htmlFor="project-filter">{texts.filter}</label>
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
        {texts.count(shown.length)}
      </p>
      {shown.length > 0 ? (
        <div className="project-grid">
          {shown.map((project, index) => (
            <ProjectCard
              key={project.id}
              project={project}
              description={texts.descriptions[project.id]}
              index={index}
            />
          ))}
        </div>
      ) : (
        <p className="all-projects__empty">{texts.empty}</p>
      )}
    </div>
  );
}
