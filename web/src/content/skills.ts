export interface Skill {
  name: string;
  /** Percent, 25 to 85 (docs/product.md#about-section). */
  level: number;
}

export interface SkillBox {
  /** Its title is a text of each language (de/site.ts). */
  id: 'languages' | 'tools';
  skills: Skill[];
}

export const skillBoxes: SkillBox[] = [
  {
    id: 'languages',
    skills: [
      { name: 'HTML', level: 85 },
      { name: 'CSS', level: 80 },
      { name: 'JavaScript', level: 75 },
      { name: 'TypeScript', level: 60 },
      { name: 'PHP', level: 55 },
      { name: 'Python', level: 45 },
      { name: 'Java', level: 35 },
      { name: 'SQL', level: 65 },
    ],
  },
  {
    id: 'tools',
    skills: [
      { name: 'Git', level: 75 },
      { name: 'VS Code', level: 85 },
      { name: 'Docker', level: 50 },
      { name: 'Linux', level: 55 },
      { name: 'Figma', level: 40 },
      { name: 'Postman', level: 60 },
      { name: 'Jira', level: 25 },
    ],
  },
];
