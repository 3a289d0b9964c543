import { newestFacts } from './facts';
import { modelNamesFor } from './modelNames';
import { factsOfProject, type ProjectNeuroSan } from './projectVersion';

/**
 * The type names the Type cell of the parameters table offers: those neuro-san surely reads at the version the file
 * is checked for (the newest release the editor knows when no version is known yet). A name only a release window
 * may know is left out: the suggestion list must never lead to a type the project's neuro-san refuses.
 */
export function parameterTypeSuggestions(neuroSan: ProjectNeuroSan | undefined): readonly string[] {
  return (neuroSan ? factsOfProject(neuroSan) : newestFacts()).sure.typeNames;
}

/**
 * The model names the agent form's llm_config.model_name offers: those neuro-san's own llm_info file surely defines at
 * the version the file is checked for (modelNames.ts). A project may define more in an llm_info file of its own, so any
 * other name stays possible to type.
 */
export function modelNameSuggestions(neuroSan: ProjectNeuroSan | undefined): readonly string[] {
  return modelNamesFor(neuroSan ? factsOfProject(neuroSan) : newestFacts());
}
