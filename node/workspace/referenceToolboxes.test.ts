import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithShared } from '../testSupport/sharedData';
import { diagnosticsOf, loadFileFromDisk, toolboxOf } from './toolboxOnDisk';

// Real files from neuro-san and neuro-san-studio: the toolbox model's first users.
describeWithShared('reference/neuro-san', 'the reference toolboxes (../shared/reference/neuro-san)', (reference) => {
  const load = (file: string) => loadFileFromDisk(path.join(reference, file), { cwd: reference, env: {} });

  it('studio_toolbox_info.hocon shows its three known mistakes: the one neuro-san raises on as an error', () => {
    const found = diagnosticsOf(load('toolboxes/studio_toolbox_info.hocon')).filter((d) => d.rule !== 'non-standard-type');
    expect(found.map((d) => [d.severity, d.rule, d.tool, d.line])).toEqual([
      // neuro-san ignores a required name that is not a property: the typo makes the argument optional.
      ['warning', 'required-unknown', 'call_agent', 88],
      ['warning', 'required-unknown', 'send_gmail_message_with_attachment', 167],
      ['error', 'langchain-class-form', 'tavily_search', 785],
    ]);
    expect(found[1]!.fix?.title).toBe('Change to "attachment_paths"');
  });

  it.each(['default_toolbox_info.latest.hocon', 'default_toolbox_info.v0.5.55.hocon', 'default_toolbox_info.2026-03-fork.hocon'])(
    '%s shows no error',
    (file) => {
      expect(diagnosticsOf(load(`toolboxes/${file}`)).filter((d) => d.severity === 'error')).toEqual([]);
    },
  );

  it('the shipped default toolbox is the latest one and shows no error', () => {
    const toolbox = toolboxOf(load('toolboxes/default_toolbox_info.latest.hocon'));
    expect(toolbox.tools.map((t) => [t.name, t.kind, t.origin])).toEqual([['get_current_date_time', 'coded', 'override']]);
  });

  it('a network that names a tool the current default no longer has is flagged in neuro-san\'s words', () => {
    const diagnostics = diagnosticsOf(load('networks/neuro-san__neuro_san__registries__requests_get.hocon'));
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => [d.rule, d.message])).toEqual([
      [
        'removed-tool',
        "Tool 'requests_get' was removed from the default toolbox because it was built on the deprecated langchain-community package. To keep using it, define it in your own toolbox info file and register that file with the AGENT_TOOLBOX_INFO_FILE environment variable or the 'toolbox_info_file' key in the agent network hocon file. See https://github.com/cognizant-ai-lab/neuro-san/blob/main/docs/toolbox_info_hocon_reference.md",
      ],
    ]);
  });
});
