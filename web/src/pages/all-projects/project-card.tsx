import type { ShownProject } from '../../i18n/use-projects';

interface ProjectCardProps {
  project: ShownProject;
  description: string;
  index: number;
}

export function ProjectCard({ project, description, index }: ProjectCardProps) {
  const titleId = `project-${index}-title`;
  return (
    <article className="project-card card" aria-labelledby={titleId}>
      <img
        className="project-card__image"
        src={project.img.src}
        width={project.img.width}
        height={project.img.height}
        alt=""
        // The first row is in the first frame (the page's largest paint); the rest waits.
        loading={index < 3 ? 'eager' : 'lazy'}
        decoding={index < 3 ? 'auto' : 'async'}
      />
      <div className="project-card__body">
        <h2 id={titleId} className="project-card__title">
          {project.title}
        </h2>
        <p className="project-card__languages">{project.languages.join(', ')}</p>
        <p className="project-card__description">{description}</p>
        <a
          className="button project-card__link"
          href={project.github}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={titleId}
        >
          View GitHub
        </a>
      </div>
    </article>
  );
}
