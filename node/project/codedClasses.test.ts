import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../testSupport/cliRun';

// Issue #33: a coded class neuro-san cannot find fails its agent at the first call ("Could not find class"); `validate`
// now looks for it as the project's release does (AGENT_TOOL_PATH, the network's own package, then up to the root) by
// reading files, and says where it looked. A network no manifest serves gets a warning.
const network = (name: string) => `{
    "tools": [
        {
            "name": "front",
            "function": { "description": "Runs the house." },
            "instructions": "Help.",
            "tools": ["tv", "weather"]
        },
        {
            "name": "tv",
            "function": { "description": "The TV." },
            "class": "tv_switch.TvSwitch"
        },
        {
            "name": "weather",
            "toolbox": "weather_tool"
        }
    ]
}
# ${name}
`;

function project(files: Record<string, string> = {}) {
  return workspace({
    'registries/manifest.hocon': '{ "basic/smart_home.hocon": true, "basic/spare.hocon": false }\n',
    'registries/basic/smart_home.hocon': network('served'),
    'registries/basic/spare.hocon': network('not served'),
    'toolbox/toolbox_info.hocon': 'weather_tool {\n    class = "weather.Weather"\n    description = "Tells the weather of a city today: its temperature and the chance of rain."\n}\n',
    '.env': 'AGENT_TOOLBOX_INFO_FILE=toolbox/toolbox_info.hocon\nAGENT_TOOL_PATH=coded_tools\n',
    'requirements.txt': 'neuro-san==0.6.95\n',
    // As two real projects keep it: in coded_tools/smart_home/, where neuro-san does not look for basic/smart_home.
    'coded_tools/smart_home/tv_switch.py': 'class TvSwitch:\n    pass\n',
    'coded_tools/weather.py': 'class Weather:\n    pass\n',
    ...files,
  });
}

const reports = (stdout: string) => stdout.split('\n').filter((l) => l.includes('coded-class-not-found'));

describe('coded classes neuro-san cannot find', () => {
  it("is an error on a served network's agent, naming the files looked for; a warning where no manifest serves it", async () => {
    const dir = project();
    const result = await runCliIn(dir, ['validate', '.'], { PATH: process.env.PATH });
    expect(result.code).toBe(1);
    expect(reports(result.stdout)).toEqual([
      // The project's file that defines it, and the name neuro-san's lookup finds it by.
      'registries/basic/smart_home.hocon:12:22 error coded-class-not-found Could not find class "TvSwitch" in module "tv_switch" under AGENT_TOOL_PATH "coded_tools" for the agent called "tv" in the agent network "basic/smart_home". coded_tools/smart_home/tv_switch.py defines it, where neuro-san does not look for this name (it looked for tv_switch.py, coded_tools/basic/smart_home/tv_switch.py, coded_tools/basic/tv_switch.py, coded_tools/tv_switch.py under . and the interpreter\'s site-packages): written "smart_home.tv_switch.TvSwitch", neuro-san finds it.',
      expect.stringMatching(/^registries\/basic\/spare\.hocon:12:22 warning coded-class-not-found Could not find class "TvSwitch" .* No manifest serves 'basic\/spare': neuro-san meets this once one does\.$/),
    ]);

    // A file that only imports it is no place to name; none defines it.
    renameSync(path.join(dir, 'coded_tools', 'smart_home', 'tv_switch.py'), path.join(dir, 'coded_tools', 'tv.py'));
    writeFileSync(path.join(dir, 'coded_tools', 'smart_home', 'uses_tv.py'), 'from coded_tools.tv import TvSwitch\n');
    const nowhere = await runCliIn(dir, ['validate', '.'], { PATH: process.env.PATH });
    expect(reports(nowhere.stdout)[0]).toBe(
      'registries/basic/smart_home.hocon:12:22 error coded-class-not-found Could not find class "TvSwitch" in module "tv_switch" under AGENT_TOOL_PATH "coded_tools" for the agent called "tv" in the agent network "basic/smart_home". coded_tools/tv.py defines it, where neuro-san does not look for this name (it looked for tv_switch.py, coded_tools/basic/smart_home/tv_switch.py, coded_tools/basic/tv_switch.py, coded_tools/tv_switch.py under . and the interpreter\'s site-packages): written "tv.TvSwitch", neuro-san finds it.',
    );
    rmSync(path.join(dir, 'coded_tools', 'tv.py'));
    expect(reports((await runCliIn(dir, ['validate', '.'], { PATH: process.env.PATH })).stdout)[0]).toMatch(/No file defines it: looked for tv_switch\.py, .*site-packages\.$/);
    writeFileSync(path.join(dir, 'coded_tools', 'smart_home', 'tv_switch.py'), 'class TvSwitch:\n    pass\n');

    // Where neuro-san looks for the network's own tools: found, nothing said.
    mkdirSync(path.join(dir, 'coded_tools', 'basic', 'smart_home'), { recursive: true });
    renameSync(path.join(dir, 'coded_tools', 'smart_home', 'tv_switch.py'), path.join(dir, 'coded_tools', 'basic', 'tv_switch.py'));
    const fixed = await runCliIn(dir, ['validate', '.'], { PATH: process.env.PATH });
    expect(reports(fixed.stdout)).toEqual([]);
    expect(fixed.code).toBe(0);
  }, 30_000);

  it("says it of a toolbox tool's class at the agent that uses it", async () => {
    const dir = project({ 'coded_tools/weather.py': 'class Forecast:\n    pass\n', 'coded_tools/basic/tv_switch.py': 'class TvSwitch:\n    pass\n' });
    const result = await runCliIn(dir, ['validate', '.'], { PATH: process.env.PATH });
    expect(reports(result.stdout)[0]).toMatch(
      /^registries\/basic\/smart_home\.hocon:16:24 error coded-class-not-found Tool 'weather_tool' of the toolbox \(class weather\.Weather\): Could not find class "Weather" in module "weather" /,
    );
  }, 30_000);

  it('says nothing where reading cannot know: a submodule not checked out, an interpreter the project names that is not read', async () => {
    const submodule = project({ '.gitmodules': '[submodule "vendor/tools"]\n\tpath = vendor/tools\n\turl = ../tools.git\n' });
    mkdirSync(path.join(submodule, 'vendor', 'tools'), { recursive: true });
    expect(reports((await runCliIn(submodule, ['validate', '.'], { PATH: process.env.PATH })).stdout)).toEqual([]);

    const ownPython = project({ '.toolbox-editor.json': JSON.stringify({ run: { python: './python.sh' } }), 'python.sh': '#!/bin/sh\nexit 3\n' });
    expect(reports((await runCliIn(ownPython, ['validate', '.'], { PATH: process.env.PATH })).stdout)).toEqual([]);
  }, 30_000);
});
