import { describe, expect, it } from 'vitest';
import { dockerfileRuns, makefileRuns, projectPathOf, workflowRuns } from './shippedRuns';

const workflow = `name: Integration Test
on:
  workflow_dispatch:

env:
  AGENT_TOOL_PATH: coded_tools   # every job

jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - name: Checkout
        uses: actions/checkout@v4

      - name: Unit tests
        run: pytest -m "not integration"

      - name: Run test-integration
        shell: bash
        run: |
          source venv/bin/activate
          pytest -s -m "integration"
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
          AGENT_TOOL_PATH: "tests/coded_tools/"
          AGENT_MANIFEST_FILE: "tests/registries/manifest.hocon"
`;

describe('workflowRuns: the steps of a GitHub Actions workflow that start neuro-san with a manifest', () => {
  it('takes a step whose env names the manifest, with the step, job and workflow env layered', () => {
    expect(workflowRuns(workflow, '.github/workflows/integration.yml')).toEqual([
      { file: '.github/workflows/integration.yml', line: 26, cwd: '.', env: { AGENT_MANIFEST_FILE: 'tests/registries/manifest.hocon', AGENT_TOOL_PATH: 'tests/coded_tools/' } },
    ]);
  });

  it('reads `export` and `cd` in the script, and the working directory of the step or of the job', () => {
    const text = `jobs:
  a:
    defaults:
      run:
        working-directory: app
    steps:
    - run: |
        export AGENT_MANIFEST_FILE=registries/manifest.hocon
        cd server && python -m neuro_san.service.main_loop.server_main_loop
    - working-directory: \${{ matrix.dir }}
      run: AGENT_MANIFEST_FILE=registries/other.hocon pytest
`;
    expect(workflowRuns(text, 'w.yml')).toEqual([
      { file: 'w.yml', line: 8, cwd: 'app/server', env: { AGENT_MANIFEST_FILE: 'registries/manifest.hocon' } },
      // The folder is an expression: known only when the workflow runs.
      { file: 'w.yml', line: 11, cwd: undefined, env: { AGENT_MANIFEST_FILE: 'registries/other.hocon' } },
    ]);
  });

  it('names nothing where the manifest is an expression, an expansion, or set for a later step only', () => {
    const text = `jobs:
  a:
    env:
      AGENT_MANIFEST_FILE: \${{ vars.MANIFEST }}
    steps:
      - run: pytest
      - run: |
          export AGENT_MANIFEST_FILE=$PWD/registries/manifest.hocon
          pytest
      - run: echo "AGENT_MANIFEST_FILE=registries/manifest.hocon" >> $GITHUB_ENV
      - shell: pwsh
        run: $env:AGENT_MANIFEST_FILE = "registries/manifest.hocon"; pytest
`;
    expect(workflowRuns(text, 'w.yml')).toEqual([]);
  });
});

describe('makefileRuns: recipe lines that start neuro-san with a manifest', () => {
  it('reads a line of exports joined by && and continued with \\, from the Makefile folder', () => {
    const text = [
      'test-integration: install',
      '\t@. venv/bin/activate && \\',
      '\texport PYTHONPATH=`pwd` && \\',
      '\texport AGENT_TOOL_PATH=tests/coded_tools/ && \\',
      '\texport AGENT_MANIFEST_FILE=tests/registries/manifest.hocon && \\',
      '\tpytest -s -m "integration"',
      '',
    ].join('\n');
    expect(makefileRuns(text, 'Makefile')).toEqual([{ file: 'Makefile', line: 2, cwd: '.', env: { AGENT_MANIFEST_FILE: 'tests/registries/manifest.hocon', AGENT_TOOL_PATH: 'tests/coded_tools/' } }]);
  });

  it('takes what the Makefile exports; each recipe line is its own shell; a make expansion names nothing', () => {
    const text = [
      'export AGENT_MANIFEST_FILE := registries/manifest.hocon',
      'run:',
      '\texport AGENT_TOOL_PATH=coded_tools',
      '\tpython -m run',
      'other:',
      '\tAGENT_MANIFEST_FILE=$(MANIFEST) python -m run',
      '',
    ].join('\n');
    // The export of line 3 is gone by line 4 (another shell); line 6's manifest is make's to expand.
    expect(makefileRuns(text, 'Makefile')).toEqual([{ file: 'Makefile', line: 1, cwd: '.', env: { AGENT_MANIFEST_FILE: 'registries/manifest.hocon' } }]);
  });
});

describe('dockerfileRuns: the image a Dockerfile builds, with the project copied into it', () => {
  const project = new Map<string, 'file' | 'folder'>([
    ['registries', 'folder'],
    ['coded_tools', 'folder'],
    ['deploy/entrypoint.sh', 'file'],
  ]);
  const kindOf = (p: string) => project.get(p);
  const text = [
    'FROM python:3.12-slim AS builder',
    'ENV AGENT_MANIFEST_FILE=/nowhere.hocon',
    'FROM python:3.12-slim',
    'ARG NAME=neuro-san',
    'ENV APP_HOME=/usr/local/${NAME}',
    'ENV APP_SOURCE=${APP_HOME}/myapp',
    'COPY --from=builder /install /usr/local',
    'COPY ./registries ${APP_SOURCE}/registries',
    'COPY ./coded_tool[s] ${APP_SOURCE}/coded_tools',
    'COPY ./deploy/entrypoint.sh ${APP_SOURCE}/deploy/entrypoint.sh',
    'WORKDIR ${APP_SOURCE}',
    'ENV AGENT_MANIFEST_FILE="${APP_SOURCE}/registries/manifest.hocon ${APP_SOURCE}/registries/overlay.hocon" \\',
    '    AGENT_TOOLBOX_INFO_FILE=""',
    'ENV AGENT_TOOL_PATH ${APP_SOURCE}/coded_tools',
    '',
  ].join('\n');

  it('gives the last stage its ENV and WORKDIR, and where the project lies in the image', () => {
    const [run, ...others] = dockerfileRuns(text, 'deploy/Dockerfile', kindOf);
    expect(others).toEqual([]);
    expect(run).toMatchObject({
      file: 'deploy/Dockerfile',
      line: 12,
      cwd: '/usr/local/neuro-san/myapp',
      env: {
        AGENT_MANIFEST_FILE: '/usr/local/neuro-san/myapp/registries/manifest.hocon /usr/local/neuro-san/myapp/registries/overlay.hocon',
        AGENT_TOOL_PATH: '/usr/local/neuro-san/myapp/coded_tools',
      },
    });
    expect(projectPathOf('/usr/local/neuro-san/myapp/registries/overlay.hocon', run!.mounts!)).toBe('registries/overlay.hocon');
    // The folder registries/ was copied to <root>/registries: the image's root of the project is /usr/local/neuro-san/myapp.
    expect(projectPathOf('/usr/local/neuro-san/myapp', run!.mounts!)).toBe('.');
    expect(projectPathOf('/usr/local/lib/python3.12', run!.mounts!)).toBeUndefined();
  });

  it('reads nothing when a COPY source is not in the project: the build context is another folder', () => {
    expect(dockerfileRuns(text, 'deploy/Dockerfile', (p) => (p === 'registries' ? 'folder' : undefined))).toEqual([]);
  });
});
