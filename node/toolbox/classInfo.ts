/**
 * What `ToolRunner.describe` revealed, in the form the toolbox model takes (`loadToolbox({ classInfo })`), so the
 * catalog and forms can show a LangChain tool's own text and a toolkit's tools.
 */
import type { LoadedClassInfo } from '../../shared/toolbox/index';
import type { DescribeResult } from '../python';

export function classInfoFromDescription(described: DescribeResult): LoadedClassInfo | undefined {
  if (!described.ok) return undefined;
  const description = described.description;
  if (description.kind === 'toolkit') {
    return { isToolkit: true, toolkitTools: description.tools.map((t) => t.name) };
  }
  if (description.kind === 'langchain') {
    return {
      isToolkit: false,
      ...(description.description !== null ? { description: description.description } : {}),
      ...(description.argsSchema !== null ? { argsSchema: description.argsSchema } : {}),
    };
  }
  return undefined;
}
