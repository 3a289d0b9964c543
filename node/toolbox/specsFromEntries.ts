/**
 * From a parsed toolbox file (entry name → entry) to the specs the worker runs, with neuro-san's checks and wording.
 * A stand-in until the toolbox model (shared/toolbox/) produces RunnableToolSpec itself.
 */
import type { JsonValue, RunnableToolSpec } from '../../shared/toolbox/runnable';

export interface EntryProblem {
  tool: string;
  message: string;
}

export interface ToolSpecs {
  specs: RunnableToolSpec[];
  /** Entries that cannot be run, with neuro-san's message; the other entries are still usable. */
  problems: EntryProblem[];
}

type JsonObject = { [key: string]: JsonValue };

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function specsFromEntries(toolbox: JsonValue, fileLabel: string): ToolSpecs {
  if (!isObject(toolbox)) {
    return { specs: [], problems: [{ tool: '', message: `${fileLabel} must hold an object of tool entries.` }] };
  }
  const specs: RunnableToolSpec[] = [];
  const problems: EntryProblem[] = [];
  for (const [name, entry] of Object.entries(toolbox)) {
    if (!isObject(entry)) {
      problems.push({ tool: name, message: `The value for the ${name} key must be a dictionary.` });
      continue;
    }
    if (!('class' in entry)) {
      problems.push({
        tool: name,
        message:
          `Tool '${name}' is missing required key: 'class'. Coded tools use '<module>.<ClassName>', ` +
          "LangChain tools '<package_name>.<module_name>.<ClassName>'.",
      });
      continue;
    }
    const className = entry.class;
    if (typeof className !== 'string' || className.trim() === '') {
      problems.push({ tool: name, message: `Value for '${name}.class' must be a non-empty string.` });
      continue;
    }
    // neuro-san: an entry with a description is a shared coded tool; any other entry is a LangChain tool.
    const coded = 'description' in entry;
    if (!coded && className.split('.').length < 3) {
      problems.push({
        tool: name,
        message: `Value in 'class' in ${fileLabel} must be of the form '<package_name>.<module_name>.<ClassName>'`,
      });
      continue;
    }
    specs.push({
      name,
      kind: coded ? 'coded' : 'langchain',
      className,
      ...(isObject(entry.args) ? { args: entry.args } : {}),
      ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
      ...(isObject(entry.parameters) ? { parameters: entry.parameters } : {}),
    });
  }
  return { specs, problems };
}
