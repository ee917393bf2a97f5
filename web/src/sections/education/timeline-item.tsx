import { useRef } from 'react';
import type { School } from '../../content/schools';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { useInView } from '../../hooks/use-in-view';
import { NARROW_QUERY } from '../../constants';

// Rendered widths: half the timeline on wide screens, nearly the full width when narrow.
const ONE_IMAGE_SIZES = `${NARROW_QUERY} 90vw, 540px`;
const TWO_IMAGE_SIZES = `${NARROW_QUERY} 45vw, 270px`;

/** One school; slides in from its side the first time it scrolls into view. */
export function TimelineItem({ school }: { school: School }) {
  const ref = useRef<HTMLLIElement>(null);
  const inView = useInView(ref, '0px 0px -10% 0px');
  const { education } = useSiteTexts();
  const { name, years } = education.schools[school.id];

  return (
    <li ref={ref} className="timeline__item" data-visible={inView}>
      <span className="timeline__dot" aria-hidden="true" />
      <article className="timeline__card card">
        <div className="timeline__images" data-count={school.images.length}>
          {school.images.map((image, index) => (
            <img
              key={image.src}
              src={image.src}
              srcSet={image.srcSet}
              sizes={school.images.length > 1 ? TWO_IMAGE_SIZES : ONE_IMAGE_SIZES}
              width={image.width}
              height={image.height}
              alt={school.images.length > 1 ? education.picture(name, index + 1) : name}
              loading="lazy"
              decoding="async"
            />
          ))}
        </div>
        <div className="timeline__body">
          <p className="timeline__years">{years}</p>
          <h3 className="timeline__name">{name}</h3>
          <p className="timeline__links">
            {school.links.map((link) => (
              <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer">
                {link.tag ? `${education.moreInfo} (${link.tag})` : education.moreInfo}
              </a>
            ))}
          </p>
        </div>
      </article>
    </li>
  );
}
