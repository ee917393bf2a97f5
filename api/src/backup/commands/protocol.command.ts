// backup protocol: which language of the Makefile's calls this tool speaks,
// so a Makefile of another release can tell before it asks for something
// the image's tool does not know (docs/faults.md, "Backups"). The number
// grows whenever a call the Makefile makes changes; additions that an older
// Makefile never uses keep it. The tools before it had no such command:
// their wrong-call exit (2) is their answer, protocol 1.
//   2: `protocol` itself, and `create --json` (the archive's name for make update).
export const TOOL_PROTOCOL = 2;

export function protocol(print: (text: string) => void): void {
  print(String(TOOL_PROTOCOL));
}
