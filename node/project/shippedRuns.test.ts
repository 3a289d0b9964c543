import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../testSupport/cliRun';
import { findProjectRoot } from './projectSettingsOnDisk';

// Issue #33: files of `tests/registries/` were judged as if neuro-san ran from `tests/`, while the project's CI runs it
// from the root with AGENT_MANIFEST_FILE=tests/registries/manifest.hocon and AGENT_TOOL_PATH=tests/coded_tools/.

/** A network whose one coded agent's class is `accountant.Accountant`, and which includes `include` at the top. */
const network = (include?: string) => `{${include !== undefined ? `\n    include "${include}"` : ''}
    "tools": [
        { "name": "front", "function": { "description": "Answers." }, "instructions": "Help.", "tools": ["accountant"] },
        { "name": "accountant", "function": { "description": "Counts." }, "class": "accountant.Accountant" }
    ]
}
`;

const ciWorkflow = `name: Integration
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: integration
        run: pytest -m integration
        env:
          AGENT_TOOL_PATH: "tests/coded_tools/"
          AGENT_MANIFEST_FILE: "tests/registries/manifest.hocon"
`;

/** A project of neuro-san-studio's layout with a second registries/ under tests/, its class under tests/coded_tools. */
function project(files: Record<string, string | undefined> = {}) {
  const all: Record<string, string | undefined> = {
    'registries/manifest.hocon': '{ "hello.hocon": true }\n',
    'registries/hello.hocon': '{ "tools": [ { "name": "front", "function": { "description": "Greets." }, "instructions": "Say hello." } ] }\n',
    'tests/registries/manifest.hocon': '{ "basic/music_nerd_pro.hocon": true }\n',
    'tests/registries/basic/music_nerd_pro.hocon': network(),
    'tests/coded_tools/basic/music_nerd_pro/accountant.py': 'class Accountant:\n    pass\n',
    'coded_tools/__init__.py': '',
    'requirements.txt': 'neuro-san==0.6.95\n',
    ...files,
  };
  return workspace(Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)));
}

const validate = async (dir: string, ...args: string[]) => runCliIn(dir, ['validate', '.', ...args], { PATH: process.env.PATH });
const problemLines = (stdout: string) => stdout.split('\n').filter((l) => /^\S+:\d+:\d+ (error|warning) /.test(l));

describe('where a project runs neuro-san, from what it ships', () => {
  it('a CI workflow naming tests/registries/manifest.hocon: one project, its network read from the root with the CI\'s AGENT_TOOL_PATH', async () => {
    const dir = project({ '.github/workflows/integration.yml': ciWorkflow });
    expect(findProjectRoot(path.join(dir, 'tests/registries/basic/music_nerd_pro.hocon'))).toBe(dir);
    const result = await validate(dir, '--json');
    const report = JSON.parse(result.stdout);
    expect(report.diagnostics).toEqual([]);
    expect(report.files.map((f: { path: string }) => f.path)).toContain('tests/registries/basic/music_nerd_pro.hocon');
    expect(report.runs).toEqual([{ source: '.github/workflows/integration.yml:12', cwd: '.', manifests: ['tests/registries/manifest.hocon'], agentToolPath: 'tests/coded_tools' }]);
    expect(report.manifestsInUse).toEqual([
      { path: 'registries/manifest.hocon', namedBy: ['AGENT_MANIFEST_FILE (from convention)'] },
      { path: 'tests/registries/manifest.hocon', namedBy: ['.github/workflows/integration.yml:12'] },
    ]);
  }, 30_000);

  it("without the CI's AGENT_TOOL_PATH the class is not found: the run's settings are what make it found", async () => {
    const dir = project({ '.github/workflows/integration.yml': ciWorkflow.replace('          AGENT_TOOL_PATH: "tests/coded_tools/"\n', '') });
    expect(problemLines((await validate(dir)).stdout)).toEqual([
      expect.stringMatching(/^tests\/registries\/basic\/music_nerd_pro\.hocon:4:84 error coded-class-not-found Could not find class "Accountant" .*under AGENT_TOOL_PATH "coded_tools"/),
    ]);
  }, 30_000);

  it('a Makefile recipe or a Dockerfile naming it places it alike; a run naming another folder does not', () => {
    const make = 'test-integration:\n\texport AGENT_MANIFEST_FILE=tests/registries/manifest.hocon && pytest -m integration\n';
    const withMake = project({ Makefile: make });
    expect(findProjectRoot(path.join(withMake, 'tests/registries/manifest.hocon'))).toBe(withMake);
    const docker = 'FROM python:3.12\nCOPY ./tests /app/tests\nWORKDIR /app\nENV AGENT_MANIFEST_FILE=/app/tests/registries/manifest.hocon\n';
    const withDocker = project({ 'deploy/Dockerfile': docker });
    expect(findProjectRoot(path.join(withDocker, 'tests/registries/manifest.hocon'))).toBe(withDocker);
    const elsewhere = project({ Makefile: make.replace('tests/registries', 'registries') });
    expect(findProjectRoot(path.join(elsewhere, 'tests/registries/manifest.hocon'))).toBe(path.join(elsewhere, 'tests'));
  });

  it("the project's .env naming the manifest places tests/registries/ in the project too, and the summary says so", async () => {
    const dir = project({ '.env': 'AGENT_MANIFEST_FILE=tests/registries/manifest.hocon\nAGENT_TOOL_PATH=tests/coded_tools\n' });
    expect(findProjectRoot(path.join(dir, 'tests/registries/manifest.hocon'))).toBe(dir);
    const result = await validate(dir);
    expect(problemLines(result.stdout)).toEqual([]);
    expect(result.stdout).toContain('\nmanifest in use: tests/registries/manifest.hocon (from .env)\n');
  }, 30_000);

  it('AGENT_MANIFEST_FILE is a list from 0.6.23 (spaces) and 0.6.70 (os.pathsep): every manifest of it is in use', async () => {
    const list = async (value: string, version: string) => {
      const dir = project({ '.env': `AGENT_MANIFEST_FILE=${value}\n`, 'requirements.txt': `neuro-san==${version}\n` });
      return JSON.parse((await validate(dir, '--json')).stdout).manifestsInUse.map((m: { path: string }) => m.path);
    };
    const both = ['registries/manifest.hocon', 'tests/registries/manifest.hocon'];
    expect(await list(both.join(path.delimiter), '0.6.95')).toEqual(both);
    expect(await list(both.join(' '), '0.6.40')).toEqual(both);
    // Before 0.6.23 the value is one path, and after 0.6.69 a space is part of one: no such manifest.
    expect(await list(both.join(' '), '0.6.21')).toEqual([both.join(' ')]);
    expect(await list(both.join(' '), '0.6.95')).toEqual([both.join(' ')]);
  }, 60_000);

  it('a registries/ inside a project that nothing says runs it: a file whose reading depends on the folder gets one note', async () => {
    // AGENT_TOOL_PATH (coded_tools, by convention) is looked up in the folder neuro-san runs in: tests/coded_tools
    // holds the class, coded_tools does not. The manifest reads the same from either folder: nothing about it.
    const dir = project();
    expect(findProjectRoot(path.join(dir, 'tests/registries/manifest.hocon'))).toBe(path.join(dir, 'tests'));
    const result = await validate(dir);
    const note = /^tests\/registries\/basic\/music_nerd_pro\.hocon:1:1 warning working-directory-unknown What neuro-san meets reading this file depends on the folder it runs in, tests\/ or \.\/ .*"workingDirectory": "\.\."/;
    expect(problemLines(result.stdout)).toEqual([expect.stringMatching(note)]);
    expect(result.code).toBe(0);
    // validate FILE says it of the file too; with --cwd the user says where, and it is judged from there.
    const file = await runCliIn(dir, ['validate', 'tests/registries/basic/music_nerd_pro.hocon'], { PATH: process.env.PATH });
    expect(problemLines(file.stdout).filter((l) => !l.includes(' neuro-san-reads '))).toEqual([expect.stringMatching(note)]);
    const fromRoot = await runCliIn(dir, ['validate', '--cwd', '.', 'tests/registries/basic/music_nerd_pro.hocon'], { PATH: process.env.PATH });
    expect(problemLines(fromRoot.stdout)).toEqual([expect.stringMatching(/ error coded-class-not-found /)]);
  }, 60_000);

  it('the inner folder saying where it runs (its .toolbox-editor.json) settles it', async () => {
    const dir = project({ 'tests/.toolbox-editor.json': JSON.stringify({ run: { workingDirectory: '..' } }) });
    expect(findProjectRoot(path.join(dir, 'tests/registries/manifest.hocon'))).toBe(dir);
    // From the root, with the root's coded_tools: the class is not found, and that is said.
    expect(problemLines((await validate(dir)).stdout)).toEqual([expect.stringMatching(/^tests\/registries\/basic\/music_nerd_pro\.hocon:4:84 error coded-class-not-found /)]);
  }, 60_000);
});
