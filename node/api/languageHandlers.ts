import { ApiError } from '../../shared/api/index';
import { editorConfigOptions } from '../language/editorConfigOnDisk';
import type { AppLanguage } from '../language/appLanguage';
import { withText, type DocumentTexts } from './documentTexts';
import type { ApiHandlers } from './handlers';

type LanguageMethods = 'language.definition' | 'language.references' | 'language.renameTarget' | 'language.rename' | 'language.formatOptions';

/**
 * The language service across the project for the editor (node/language/appLanguage.ts), and the formatting options
 * of a file as `toolbox-editor format` reads them.
 */
export function createLanguageHandlers(texts: DocumentTexts, language: AppLanguage, resolvePath: (p: string) => string): Pick<ApiHandlers, LanguageMethods> {
  const document = (request: Parameters<typeof withText>[1] & { path: string }) => {
    const { text } = withText(texts, request);
    return { absolute: resolvePath(request.path), text };
  };
  return {
    'language.definition': async (request) => {
      const { absolute, text } = document(request);
      return language.definition(absolute, text, request.offset);
    },
    'language.references': async (request) => {
      const { absolute, text } = document(request);
      return language.references(absolute, text, request.offset, request.includeDeclaration);
    },
    'language.renameTarget': async (request) => {
      const { absolute, text } = document(request);
      return language.renameTarget(absolute, text, request.offset);
    },
    'language.rename': async (request) => {
      const { absolute, text } = document(request);
      const renamed = await language.rename(absolute, text, request.offset, request.newName);
      if ('scope' in renamed && renamed.scope === 'project' && renamed.renamedTool.toolbox === '') throw new ApiError('internal', 'The project has no toolbox to rename in.');
      return renamed;
    },
    'language.formatOptions': async ({ path: p }) => editorConfigOptions(resolvePath(p)),
  };
}
