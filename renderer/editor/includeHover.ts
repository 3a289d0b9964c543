import type { ToolboxAnalysis } from '../../shared/api/index';

/** One include of the analysed file and where it resolved (see shared/toolbox/includeTargets.ts). */
export type AnalysedInclude = NonNullable<ToolboxAnalysis['includes']>[number];

/** The include statement at `offset` in the analysed file, if any. */
export function includeAt(analysis: ToolboxAnalysis, offset: number): AnalysedInclude | undefined {
  return analysis.includes?.find((i) => i.range.start.offset <= offset && offset <= i.range.end.offset);
}

/** The file Ctrl/Cmd+click opens: what neuro-san reads, else what the specification reads; none when neither finds one. */
export function includeFileToOpen(include: AnalysedInclude): string | undefined {
  if (include.neuroSan?.found) return include.neuroSan.path;
  return include.spec?.read[0];
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/**
 * What the hover on an include says: the file neuro-san reads there (and from which working directory), then the
 * specification's file where it differs, or that it was not found and where it was looked for.
 */
export function includeHoverLines(include: AnalysedInclude, workingDirectory: ToolboxAnalysis['workingDirectory']): string[] {
  const lines: string[] = [];
  const where = workingDirectory ? ` ${code(workingDirectory.path)}` : '';
  const ns = include.neuroSan;
  if (ns) {
    const place = ns.dependsOnCwd ? `in its working directory${where}` : 'next to the including file';
    lines.push(ns.found ? `neuro-san reads ${code(ns.path)} (found ${place})` : `neuro-san finds no ${code(ns.path)} (it looks ${place} only) and skips this include`);
    if (ns.dependsOnCwd && workingDirectory) {
      const why = WHY[workingDirectory.why];
      lines.push(
        workingDirectory.why === 'chosen' || workingDirectory.why === 'project-file'
          ? `That folder is ${why} (neuro-san's working directory).`
          : `That folder is ${why}; the run settings or Preferences can set another (neuro-san's working directory).`,
      );
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
  if (open) lines.push(`Ctrl/Cmd+click opens ${code(open)}.`);
  return lines;
}

/** Why a folder is neuro-san's working directory, as the hover and the Preferences dialog say it. */
export const WHY: Record<NonNullable<ToolboxAnalysis['workingDirectory']>['why'], string> = {
  'project-file': "the project's run settings' workingDirectory (.toolbox-editor.json), where its tools run",
  chosen: 'set in Preferences',
  registries: 'the nearest folder with registries/',
  'file-folder': "the file's folder (no folder upward holds registries/)",
};
