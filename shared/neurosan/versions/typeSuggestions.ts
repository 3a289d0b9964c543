import { newestFacts } from './facts';
import { factsOfProject, type ProjectNeuroSan } from './projectVersion';

/**
 * The type names the Type cell of the parameters table offers: those neuro-san surely reads at the version the file
 * is checked for (the newest release the editor knows when no version is known yet). A name only a release window
 * may know is left out: the suggestion list must never lead to a type the project's neuro-san refuses.
 */
export function parameterTypeSuggestions(neuroSan: ProjectNeuroSan | undefined): readonly string[] {
  return (neuroSan ? factsOfProject(neuroSan) : newestFacts()).sure.typeNames;
}
