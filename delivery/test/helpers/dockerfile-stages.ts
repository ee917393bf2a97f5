// A Dockerfile read with dockerfile-ast (the parser of the Docker language
// server) into stages of plain instructions.
import { readFileSync } from 'node:fs';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';

export interface Step {
  keyword: string;
  /** The arguments as written (continuations joined), e.g. a RUN's shell line. */
  text: string;
  /** Exec-form arguments (CMD ["node", "x"]) or the split arguments. */
  args: string[];
  /** --from, --chown, --chmod ... */
  flags: Record<string, string>;
  line: number;
}

export interface Stage {
  name: string;
  image: string;
  /** FROM's --platform, as written ($BUILDPLATFORM), or undefined for the target's. */
  platform?: string;
  steps: Step[];
}

function toStep(instruction: Instruction): Step {
  const flags: Record<string, string> = {};
  const withFlags = instruction as Instruction & {
    getFlags?: () => Array<{ getName(): string; getValue(): string | null }>;
  };
  for (const flag of withFlags.getFlags?.() ?? []) flags[flag.getName()] = flag.getValue() ?? '';
  const json = instruction as Instruction & {
    getJSONStrings?: () => Array<{ getJSONValue(): string }>;
  };
  const jsonArgs = json.getJSONStrings?.().map((s) => s.getJSONValue()) ?? [];
  return {
    keyword: instruction.getKeyword().toUpperCase(),
    text: (instruction.getArgumentsContent() ?? '').replace(/\\\n/g, ' ').replace(/\s+/g, ' '),
    args: jsonArgs.length > 0 ? jsonArgs : instruction.getArguments().map((a) => a.getValue()),
    flags,
    line: instruction.getRange().start.line + 1,
  };
}

export function readStages(file: string): Stage[] {
  const dockerfile = DockerfileParser.parse(readFileSync(file, 'utf8'));
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    const step = toStep(instruction);
    if (step.keyword === 'FROM') {
      const [image, , name] = step.args;
      stages.push({
        name: name ?? String(stages.length),
        image,
        platform: step.flags.platform,
        steps: [],
      });
    } else if (stages.length > 0) {
      stages[stages.length - 1].steps.push(step);
    }
  }
  return stages;
}

/** The arguments, as written, of every `keyword` instruction of a stage. */
export const argsOf = (stage: Stage, keyword: string) =>
  stage.steps.filter((step) => step.keyword === keyword).map((step) => step.text);
