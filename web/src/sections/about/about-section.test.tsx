import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { skillBoxes } from '../../content/skills';
import { renderApp } from '../../test/render-app';

const about = () => within(document.getElementById('about')!);

describe('about section', () => {
  it('has a heading, intro and two skill boxes: programming languages and tools', () => {
    renderApp('/');
    expect(about().getByRole('heading', { level: 2, name: 'Über mich' })).toBeInTheDocument();
    expect(
      about().getByRole('heading', { level: 3, name: 'Programmiersprachen' }),
    ).toBeInTheDocument();
    expect(about().getByRole('heading', { level: 3, name: 'Tools' })).toBeInTheDocument();
  });

  it('shows every skill with its level between 25 and 85 percent', () => {
    renderApp('/');
    const meters = about().getAllByRole('meter');
    const skills = skillBoxes.flatMap((box) => box.skills);
    expect(meters).toHaveLength(skills.length);
    for (const skill of skills) {
      expect(skill.level).toBeGreaterThanOrEqual(25);
      expect(skill.level).toBeLessThanOrEqual(85);
      expect(about().getByRole('meter', { name: skill.name })).toHaveAttribute(
        'aria-valuenow',
        String(skill.level),
      );
    }
    expect(skills.map((skill) => skill.level)).toContain(25);
    expect(skills.map((skill) => skill.level)).toContain(85);
  });

  it('fills the bars to their level once in view', () => {
    renderApp('/');
    const bar = about().getByRole('meter', { name: 'HTML' }).firstElementChild as HTMLElement;
    expect(bar.style.width).toBe('85%');
  });

  it('is collapsed at first and toggles between "Mehr über mich" and "Weniger anzeigen"', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const toggle = about().getByRole('button', { name: 'Mehr über mich' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(about().queryByRole('heading', { name: 'Erfahrung' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Weniger anzeigen');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The topics' chunk arrives once the page is idle.
    await about().findByRole('heading', { level: 3, name: 'Erfahrung' });
    const subHeadings = about()
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== 'Programmiersprachen' && text !== 'Tools');
    expect(subHeadings).toEqual([
      'Über mich',
      'Erfahrung',
      'Hobbys',
      'Ausbildung und Ziele',
      'Warum IT?',
      'Stärken und Schwächen',
    ]);

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Mehr über mich');
    expect(about().queryByRole('heading', { name: 'Erfahrung' })).not.toBeInTheDocument();
  });
});
