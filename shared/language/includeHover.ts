import type { IncludeTarget } from '../toolbox/index';

/**
 * The hover on an `include`: which file neuro-san reads there (and from which working directory), then the
 * specification's file where it differs, or that none was found and where each looked. For the app and the language
 * server alike; each says how its user changes the working directory and opens the file.
 */
export interface WorkingDirectoryFacts {
  path: string;
  why: 'project-file' | 'chosen' | 'registries' | 'file-folder';
}

export interface IncludeFacts {
  /** The file's own includes and where each resolved (shared/toolbox/includeTargets.ts). */
  includes: readonly IncludeTarget[];
  /** The folder neuro-san is taken to run in, and why. */
  workingDirectory?: WorkingDirectoryFacts;
  /** How this editor's user chooses another working directory ("Preferences"), when they can. */
  chooser?: string;
  /** How this editor opens the included file ("Ctrl/Cmd+click", "Go to Definition"). */
  opener: string;
}

/** The include statement at `offset`, if any. */
export function includeAt(includes: readonly IncludeTarget[] | undefined, offset: number): IncludeTarget | undefined {
  return includes?.find((i) => i.range.start.offset <= offset && offset <= i.range.end.offset);
}

/** The file an include opens: what neuro-san reads, else what the specification reads; none when neither finds one. */
export function includeFileToOpen(include: IncludeTarget): string | undefined {
  if (include.neuroSan?.found) return include.neuroSan.path;
  return include.spec?.read[0];
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** Why a folder is neuro-san's working directory, as the hover and the app's Preferences say it. */
export const WHY: Record<WorkingDirectoryFacts['why'], string> = {
  'project-file': "the project's run settings' workingDirectory (.toolbox-editor.json), where its tools run",
  chosen: 'set in Preferences',
  registries: 'the nearest folder with registries/',
  'file-folder': "the file's folder (no folder upward holds registries/)",
};

/** What the hover on `include` says, in Markdown paragraphs. */
export function includeHoverLines(include: IncludeTarget, facts: Omit<IncludeFacts, 'includes'>): string[] {
  const { workingDirectory } = facts;
  const lines: string[] = [];
  const where = workingDirectory ? ` ${code(workingDirectory.path)}` : '';
  const ns = include.neuroSan;
  if (ns) {
    const place = ns.dependsOnCwd ? `in its working directory${where}` : 'next to the including file';
    lines.push(ns.found ? `neuro-san reads ${code(ns.path)} (found ${place})` : `neuro-san finds no ${code(ns.path)} (it looks ${place} only) and skips this include`);
    if (ns.dependsOnCwd && workingDirectory) {
      const why = WHY[workingDirectory.why];
      const chosen = workingDirectory.why === 'chosen' || workingDirectory.why === 'project-file';
      const chooser = facts.chooser !== undefined && !chosen ? `; ${facts.chooser} can set another` : '';
      lines.push(`That folder is ${why}${chooser} (neuro-san's working directory).`);
    }
  }
  const spec = include.spec;
  if (spec) {
    const same = ns !== undefined && (ns.found ? spec.read.length === 1 && spec.read[0] === ns.path : spec.read.length === 0);
    if (same) lines.push(ns.found ? 'The specification reads the same file.' : `The specification finds none either (looked for ${spec.tried.map(code).join(', ')}).`);
    else if (spec.read.length > 0) lines.push(`The specification reads ${spec.read.map(code).join(' and ')}.`);
    else lines.push(`The specification finds none (looked for ${spec.tried.map(code).join(', ')}).`);
  }
  const open = includeFileToOpen(include);
  if (open) lines.push(`${facts.opener} opens ${code(open)}.`);
  return lines;
}
