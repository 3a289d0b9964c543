import { describe, expect, it } from 'vitest';
import { impliedVersion, pinsInPyproject, pinsInRequirements, pinsInSetupCfg } from './pin';
import { NEWEST_KNOWN_VERSION, SERIES_NEWEST } from './facts';
import { chooseNeuroSanVersion, neuroSanLabel, whyNeuroSan } from './projectVersion';

const implied = (spec: string) => impliedVersion(spec).implied?.text;

describe('the release a pin implies', () => {
  it('== is that release; a range is the newest known inside it, as pip would pick', () => {
    expect(implied('==0.5.55')).toBe('0.5.55');
    expect(implied('===0.5.23')).toBe('0.5.23');
    expect(implied('>=0.5.40,<0.6')).toBe(SERIES_NEWEST['0.5']);
    expect(implied('~=0.5.40')).toBe(SERIES_NEWEST['0.5']);
    expect(implied('~=0.6')).toBe(NEWEST_KNOWN_VERSION);
    expect(implied('==0.5.*')).toBe(SERIES_NEWEST['0.5']);
    expect(implied('<0.6.11,!=0.6.10')).toBe('0.6.9');
    expect(implied('>=0.6.90')).toBe(NEWEST_KNOWN_VERSION);
    // Poetry's caret and tilde.
    expect(implied('^0.5.55')).toBe(SERIES_NEWEST['0.5']);
    expect(implied('~0.6.3')).toBe(SERIES_NEWEST['0.6']);
    expect(implied('^0.7')).toBe(NEWEST_KNOWN_VERSION);
    // The 0.6 series ends at 0.6.98 (the last seen): a range that stops before 0.7 picks it, one that does not picks a
    // 0.7 release.
    expect(implied('~=0.6.90')).toBe('0.6.98');
    expect(implied('>=0.6.90,<0.7')).toBe('0.6.98');
    expect(implied('~=0.7.0')).toBe(NEWEST_KNOWN_VERSION);
    expect(impliedVersion('').how).toContain('unversioned');
  });

  it('a range above every release the editor knows is its lower bound; an unreadable one implies none', () => {
    expect(impliedVersion('>=0.7.5')).toEqual({ implied: expect.objectContaining({ text: '0.7.5' }), how: expect.stringContaining('lower bound') });
    expect(impliedVersion('>=banana').implied).toBeUndefined();
  });
});

describe('pins in the files pip reads', () => {
  it('requirements.txt: comments, extras, markers, continuations, a wheel; other packages left alone', () => {
    const text = [
      '# neuro-san==0.1.0 in a comment is not a pin',
      'neuro-san-studio==0.3.7',
      'leaf-common>=1.2',
      'neuro_san[extras] >= 0.5.40, < 0.6 ; python_version >= "3.10"  # the service',
      'neuro-san @ file:vendor/neuro_san-0.6.66.dev17+g2c71c6fd-py3-none-any.whl',
      'Neuro.San==0.5.23 \\',
      '   ',
    ].join('\n');
    const pins = pinsInRequirements(text, 'requirements.txt');
    expect(pins.map((p) => [p.line, p.implied?.text, p.how.split(' ')[0]])).toEqual([
      [4, SERIES_NEWEST['0.5'], 'the'],
      [5, '0.6.66.dev17+g2c71c6fd', 'exactly'],
      [6, '0.5.23', 'exactly'],
    ]);
  });

  it('pyproject.toml: PEP 621 dependencies and Poetry', () => {
    const pep621 = ['[project]', 'dependencies = [', '  "pyhocon",', '  "neuro-san==0.6.42",', ']'].join('\n');
    expect(pinsInPyproject(pep621, 'pyproject.toml').map((p) => [p.line, p.implied?.text])).toEqual([[4, '0.6.42']]);
    const poetry = ['[tool.poetry.dependencies]', 'python = "^3.11"', 'neuro-san = "^0.5.55"', 'other = { version = "1" }'].join('\n');
    expect(pinsInPyproject(poetry, 'pyproject.toml').map((p) => [p.line, p.implied?.text])).toEqual([[3, SERIES_NEWEST['0.5']]]);
    const table = '[tool.poetry.dependencies]\nneuro-san = { version = "0.5.30", optional = true }';
    expect(pinsInPyproject(table, 'pyproject.toml').map((p) => p.implied?.text)).toEqual(['0.5.30']);
    // neuro-san's own pyproject names itself; a build requirement is no pin either.
    const own = ['[build-system]', 'requires = ["neuro-san==0.1.0"]', '[project]', 'name = "neuro-san"', 'dependencies = ["leaf-common"]', '[project.optional-dependencies]', 'all = [', '  "neuro-san>=0.6.1",', ']'].join('\n');
    expect(pinsInPyproject(own, 'pyproject.toml').map((p) => [p.line, p.implied?.text])).toEqual([[8, NEWEST_KNOWN_VERSION]]);
  });

  it('setup.cfg: install_requires and its indented lines', () => {
    const text = ['[options]', 'install_requires =', '    pyhocon', '    neuro-san==0.5.50', '[flake8]', 'max-line-length = 120'].join('\n');
    expect(pinsInSetupCfg(text, 'setup.cfg').map((p) => [p.line, p.implied?.text])).toEqual([[4, '0.5.50']]);
  });
});

describe('which version a project runs', () => {
  const pin = pinsInRequirements('neuro-san==0.5.55\n', 'requirements.txt');
  it('the project setting, else the interpreter, else the pin, else the newest known', () => {
    expect(chooseNeuroSanVersion({ pins: pin })).toMatchObject({ version: '0.5.55', from: 'pin', how: 'neuro-san==0.5.55 in requirements.txt:1', file: 'requirements.txt', line: 1 });
    expect(chooseNeuroSanVersion({ pins: pin, interpreter: { version: '0.6.40', python: '.venv/bin/python' } })).toMatchObject({ version: '0.6.40', from: 'interpreter' });
    // An interpreter without neuro-san says nothing about the version.
    expect(chooseNeuroSanVersion({ pins: pin, interpreter: { version: null, python: 'python3' } })).toMatchObject({ version: '0.5.55', from: 'pin' });
    expect(chooseNeuroSanVersion({ pins: pin, override: { version: '0.6.1', where: '.toolbox-editor.json' } })).toMatchObject({ version: '0.6.1', from: 'project setting' });
    expect(chooseNeuroSanVersion({ pins: [] })).toMatchObject({ version: NEWEST_KNOWN_VERSION, from: 'newest known' });
  });
});

// Issue 34: "neuro-san 0.6.95" in the status bar read as what the runs' Python has, while it had none.
describe('the words for the version, which say where it comes from', () => {
  const pin = pinsInRequirements('neuro-san==0.6.95\n', 'requirements.txt');
  const label = (sources: Parameters<typeof chooseNeuroSanVersion>[0]) => neuroSanLabel(chooseNeuroSanVersion(sources));
  it('name the source, and what the chosen Python has when it said so', () => {
    expect(label({ pins: pin })).toBe('neuro-san 0.6.95 (pin)');
    expect(label({ pins: pin, interpreter: { version: null, python: 'python3' } })).toBe('neuro-san 0.6.95 (pin; python3 has none)');
    expect(label({ pins: pin, interpreter: { version: '0.6.94', python: '/home/me/project/.venv/bin/python' } })).toBe('neuro-san 0.6.94 (installed in …/.venv/bin/python)');
    expect(label({ pins: pin, interpreter: { version: '0.6.80', python: 'python3' }, override: { version: '0.6.95', where: '.toolbox-editor.json' } })).toBe(
      'neuro-san 0.6.95 (setting; python3 has 0.6.80)',
    );
    expect(label({ pins: [], interpreter: { version: null, python: 'python3' } })).toBe(`neuro-san ${NEWEST_KNOWN_VERSION} (newest known; python3 has none)`);
    expect(label({ override: { version: '0.6.1', where: '--neuro-san-version', commandLine: true } })).toBe('neuro-san 0.6.1 (--neuro-san-version)');
  });

  it('in full in the status bar\'s title, with what the chosen Python has', () => {
    expect(whyNeuroSan(chooseNeuroSanVersion({ pins: pin, interpreter: { version: null, python: 'python3' } }))).toBe(
      'pin: neuro-san==0.6.95 in requirements.txt:1; python3 has no neuro-san installed (importlib.metadata)',
    );
    expect(whyNeuroSan(chooseNeuroSanVersion({ pins: pin }))).toBe('pin: neuro-san==0.6.95 in requirements.txt:1');
  });
});
