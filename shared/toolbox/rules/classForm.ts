import { diagnosticAt } from '../toolboxDiagnostic';
import type { EntryRule } from './ruleContext';

/**
 * The class path a tool's kind needs: a coded tool is `module.ClassName` (split at the last dot), a LangChain tool
 * `package.module.ClassName` (neuro-san refuses fewer segments, in these words, when ToolboxFactory builds the tool
 * for an agent that uses it: the message says so). A class from the sunset langchain_community package is style
 * advice, reviewed apart (entryReview.ts).
 */
export const classFormRule: EntryRule = ({ entry, report, toolboxFile }) => {
  if (entry.value.kind !== 'object') return;
  const classValue = entry.value.fields.value('class');
  if (classValue?.kind !== 'string' || !entry.className?.trim()) return;
  const segments = dottedSegments(entry.className);
  const empty = segmentEmpty;
  const tool = entry.name;
  if (entry.kind === 'coded') {
    if (segments < 2 || empty) {
      report(diagnosticAt(classValue, 'error', 'coded-class-form', `Value in 'class' of coded tool '${tool}' must be of the form '<module_name>.<ClassName>'.`, { tool }));
    }
  } else if (segments < 3 || empty) {
    report(
      diagnosticAt(
        classValue,
        'error',
        'langchain-class-form',
        `Value in 'class' in ${toolboxFile ?? classValue.source.name} must be of the form '<package_name>.<module_name>.<ClassName>'. neuro-san raises this when it builds an agent that uses '${tool}'; agents that do not use it are not affected.`,
        { tool },
      ),
    );
  }
};

// Whether the last dottedSegments call found a blank segment (kept here so that no result object is made per entry).
let segmentEmpty = false;

/** How many dot-separated segments a class path has (and, in `segmentEmpty`, whether one is blank): without building the pieces. */
function dottedSegments(path: string): number {
  let count = 1;
  let empty = false;
  let start = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i === path.length || path.charCodeAt(i) === 46 /* . */) {
      if (!empty && isBlank(path, start, i)) empty = true;
      if (i < path.length) count++;
      start = i + 1;
    }
  }
  segmentEmpty = empty;
  return count;
}

/** Whether `path.slice(start, end).trim()` is empty, answered without the slice for the usual printable ASCII. */
function isBlank(path: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = path.charCodeAt(i);
    if (c > 32 && c < 127) return false;
  }
  return path.slice(start, end).trim() === '';
}
