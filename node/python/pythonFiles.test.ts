import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from '../testSupport/cliRun';
import { definitionLine, findModule, installedNeuroSanOf, pythonSearchOf, virtualenvSitePackages } from './pythonFiles';

// What a project's Python would import, read from files: the module Python's path finder picks, the line a class is
// on, the neuro-san a virtualenv holds — with no interpreter of the project's started.
describe('reading what Python would find', () => {
  it('picks modules as the path finder does: a regular package, then a module, then a namespace; first root wins', () => {
    const dir = workspace({
      'a/pkg/__init__.py': '',
      'a/pkg/mod.py': 'class X: pass\n',
      'b/pkg.py': '',
      'b/solo.py': '',
      'c/ns/part.py': '',
      'd/ns/other.py': '',
      'd/solo.py': '',
    });
    const roots = ['a', 'b', 'c', 'd'].map((r) => path.join(dir, r));
    expect(findModule('pkg.mod', roots)?.file).toBe(path.join(dir, 'a', 'pkg', 'mod.py'));
    expect(findModule('pkg', [roots[1]!, roots[0]!])?.file).toBe(path.join(dir, 'b', 'pkg.py'));
    expect(findModule('solo', roots)?.file).toBe(path.join(dir, 'b', 'solo.py'));
    // A namespace package spans its folders in every root.
    expect(findModule('ns.other', roots)?.file).toBe(path.join(dir, 'd', 'ns', 'other.py'));
    expect(findModule('ns.part', roots)?.file).toBe(path.join(dir, 'c', 'ns', 'part.py'));
    // A module is no package; a name Python cannot import is never looked for.
    expect(findModule('solo.x', roots)).toBeUndefined();
    expect(findModule('no-such', roots)).toBeUndefined();
  });

  it('finds the line a top-level name is defined or imported on', () => {
    const dir = workspace({
      'm.py': '"""Doc."""\nimport os\nfrom base import (\n    Other,\n    Imported,\n)\n\n\nclass Tool(Base):\n    class Inner:\n        pass\n\nALIAS = Tool\nasync def run():\n    pass\n',
    });
    const file = path.join(dir, 'm.py');
    expect(definitionLine(file, 'Tool')).toBe(9);
    expect(definitionLine(file, 'ALIAS')).toBe(13);
    expect(definitionLine(file, 'run')).toBe(14);
    expect(definitionLine(file, 'Imported')).toBe(5);
    // Nested, or not there at all: not a top-level name of the module.
    expect(definitionLine(file, 'Inner')).toBeUndefined();
    expect(definitionLine(file, 'Missing')).toBeUndefined();
  });

  it("reads a virtualenv's site-packages and its neuro-san from its folder, never running its python", () => {
    const dir = workspace({
      '.venv/pyvenv.cfg': 'home = /usr/bin\n',
      // A script where the interpreter should be: reading the folder never runs it.
      '.venv/bin/python': '#!/bin/sh\nexit 3\n',
      '.venv/lib/python3.11/site-packages/neuro_san-0.6.21.dist-info/METADATA': 'Name: neuro-san\n',
      '.venv/lib/python3.11/site-packages/neuro_san/interfaces/coded_tool.py': 'class CodedTool: pass\n',
    });
    const python = path.join(dir, '.venv', 'bin', 'python');
    expect(virtualenvSitePackages(python)).toEqual([path.join(dir, '.venv', 'lib', 'python3.11', 'site-packages')]);
    const search = pythonSearchOf({ python: path.join(dir, '.venv'), cwd: dir, env: {} });
    expect(search.interpreterKnown).toBe(true);
    expect(installedNeuroSanOf(search)).toEqual({ version: '0.6.21', known: true });
    expect(findModule('neuro_san.interfaces.coded_tool', search.roots)?.file).toContain('coded_tool.py');
  });

  it("an interpreter the project chose that is no virtualenv is never run: what it has installed is unknown", () => {
    const dir = workspace({ 'evil.sh': '#!/bin/sh\ntouch ran\n', 'site/neuro_san-0.5.40.dist-info/METADATA': '' });
    const search = pythonSearchOf({ python: './evil.sh', cwd: dir, env: {}, pythonPath: ['site'] });
    expect(search.interpreterKnown).toBe(false);
    expect(installedNeuroSanOf(search)).toEqual({ version: null, known: false });
    expect(search.roots).toEqual([path.join(dir, 'site')]);
  });
});
