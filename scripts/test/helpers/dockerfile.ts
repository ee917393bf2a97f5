// Reads a Dockerfile into stages of instructions (continuation lines joined,
// comments dropped), enough to check what the images are built from and run.
import { readFileSync } from 'node:fs';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

export function parseDockerfile(file: string): Stage[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const logical: string[] = [];
  let current = '';
  for (const line of lines) {
    if (/^\s*#/.test(line)) continue;
    const continued = line.endsWith('\\');
    current += `${continued ? line.slice(0, -1) : line} `;
    if (!continued) {
      if (current.trim()) logical.push(current.trim().replace(/\s+/g, ' '));
      current = '';
    }
  }
  const stages: Stage[] = [];
  for (const text of logical) {
    const [keyword, ...rest] = text.split(' ');
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [image, as, name] = args.split(' ');
      stages.push({
        from: image,
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        instructions: [],
      });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** The arguments of every `keyword` instruction of a stage. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}
