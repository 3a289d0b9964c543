import { ApiError, type CatalogRenderResult } from '../../shared/api/index';
import { catalogSourcesFromTools } from '../../shared/catalog/fromToolbox';
import { renderCatalog, type RenderCatalogRequest } from '../../shared/catalog/renderCatalog';
import type { KeyOrder } from '../../shared/jinja/environment';
import { readTextFile } from '../files/textFiles';
import { catalogTemplatePath, MAX_TEMPLATE_BYTES, templateLoader } from '../catalog/templateFiles';
import { toolboxOf } from '../workspace/toolboxOnDisk';
import type { DocumentAnalysis, DocumentRef } from './documentAnalysis';

export type CatalogDocumentRef = DocumentRef & { templatePath?: string; keyOrder: KeyOrder; vars: Record<string, string> };

/** A document's catalog, from its load (DocumentAnalysis) and a template read from the disk. */
export class CatalogService {
  constructor(
    private readonly cwd: string,
    private readonly analysis: DocumentAnalysis,
  ) {}

  /**
   * What rendering the document's catalog takes: its template (read from disk), tools (in `doc.reading`, default
   * neuro-san's: what the LLM gets), variables and key order.
   */
  async catalogRequest(doc: CatalogDocumentRef): Promise<{ templatePath: string; request: RenderCatalogRequest }> {
    const { file, loaded } = this.analysis.load({ ...doc, reading: doc.reading ?? 'neuro-san' });
    const templatePath = catalogTemplatePath(this.cwd, doc.templatePath);
    let template: string;
    try {
      template = (await readTextFile(templatePath, MAX_TEMPLATE_BYTES)).text;
    } catch (error) {
      throw new ApiError('not_found', `Cannot read the template ${templatePath}: ${(error as Error).message}`);
    }
    return {
      templatePath,
      request: {
        template,
        tools: catalogSourcesFromTools(toolboxOf(loaded).tools, this.analysis.classInfoFor(file)),
        vars: doc.vars,
        keyOrder: doc.keyOrder,
        // `{% include %}` as `toolbox-editor catalog` reads it: from the template's folder.
        loader: templateLoader(templatePath),
      },
    };
  }

  async renderCatalog(doc: CatalogDocumentRef): Promise<CatalogRenderResult> {
    const reading = doc.reading ?? 'neuro-san';
    const { templatePath, request } = await this.catalogRequest({ ...doc, reading });
    const result = renderCatalog(request);
    // The same catalog from the other reading, so the preview can mark where what the LLM gets differs from the text.
    const otherLoaded = this.analysis.load({ ...doc, reading: reading === 'neuro-san' ? 'spec' : 'neuro-san' });
    const other = renderCatalog({ ...request, tools: catalogSourcesFromTools(toolboxOf(otherLoaded.loaded).tools, this.analysis.classInfoFor(otherLoaded.file)) }).text;
    return {
      text: result.text,
      reading,
      otherReadingText: other === result.text ? null : other,
      templatePath,
      templateDescription: result.metadata.description?.value ?? null,
      expectedFormat: result.metadata.expectedFormat?.value ?? null,
      diagnostics: result.diagnostics.map((d) => ({ ...d })),
    };
  }
}
