#!/usr/bin/env python3
# Issue #36: the model names neuro-san's default_llm_info.hocon defines, release by release, for
# shared/neurosan/versions/modelNames.ts. Not run by tests; its output is read by hand into that table.
#
#   python3 scripts/extract-model-names.py TAGGED_MIRROR [LATER_MIRROR]
#
# TAGGED_MIRROR: a bare git repository of neuro-san with release tags (cognizant-ai-lab/neuro-san, tags to 0.5.55);
# LATER_MIRROR: one whose history goes further without tags (a fork's snapshot): every later commit touching the file,
# with its date. Prints one line per tag / commit: the names added and removed since the line before.
#
# A model name is a top-level key of the file other than those DefaultLlmFactory reads otherwise ("classes",
# "default_config"; "factories" and "llm_info_file" are kept out too): the factory looks a model up by
# `llm_infos.get(model_name)`, an alias (an entry with only "use_model_name") included. Comments (# and //) are dropped,
# so a commented-out model is not one. An alias (no "class", a "use_model_name") whose target is no key fails in the
# factory: each line lists those after "dangling:".
import re
import subprocess
import sys

PATHS = [
    'neuro_san/internals/run_context/langchain/llms/default_llm_info.hocon',
    'neuro_san/internals/run_context/langchain/default_llm_info.hocon',
]
NOT_MODELS = {'classes', 'default_config', 'factories', 'llm_info_file'}


def show(git_dir, rev):
    for path in PATHS:
        r = subprocess.run(['git', f'--git-dir={git_dir}', 'show', f'{rev}:{path}'], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout
    return None


def top_keys(text):
    keys, depth, i, n = [], 0, 0, len(text)
    expect_key = True
    while i < n:
        c = text[i]
        if c == '#' or text.startswith('//', i):
            while i < n and text[i] != '\n':
                i += 1
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            if depth == 1 and expect_key:
                keys.append(text[i + 1:j])
                expect_key = False
            i = j + 1
            continue
        if c in '{[':
            depth += 1
            expect_key = depth == 1
        elif c in '}]':
            depth -= 1
            expect_key = depth == 1
        elif c in ',\n':
            if depth == 1:
                expect_key = True
        elif depth == 1 and expect_key and not c.isspace():
            m = re.match(r'[A-Za-z0-9_.:-]+', text[i:])
            if m:
                keys.append(m.group(0))
                expect_key = False
                i += len(m.group(0))
                continue
        elif c in ':=' and depth == 1:
            expect_key = False
        i += 1
    return [k for k in keys if k not in NOT_MODELS]


def dangling(text, keys):
    bare = re.sub(r'(?m)^\s*(#|//).*$', '', text)
    bad = []
    for m in re.finditer(r'"([^"]+)"\s*:\s*\{([^{}]*)\}', bare):
        use = re.search(r'"use_model_name"\s*:\s*"([^"]+)"', m.group(2))
        if use and '"class"' not in m.group(2) and use.group(1) not in keys:
            bad.append(f'{m.group(1)}->{use.group(1)}')
    return f' dangling: {" ".join(bad)}' if bad else ''


def main():
    tagged = sys.argv[1]
    later = sys.argv[2] if len(sys.argv) > 2 else None
    tags = subprocess.run(['git', f'--git-dir={tagged}', 'tag'], capture_output=True, text=True).stdout.split()
    tags.sort(key=lambda t: [int(x) if x.isdigit() else x for x in re.split(r'[.]', t)])
    before = None
    for tag in tags:
        text = show(tagged, tag)
        if text is None:
            continue
        names = top_keys(text)
        if before is None:
            print(f'{tag} first: {len(names)} {" ".join(names)}{dangling(text, names)}')
        else:
            added = [k for k in names if k not in before]
            removed = [k for k in before if k not in names]
            if added or removed or dangling(text, names):
                print(f'{tag} +{" ".join(added)} -{" ".join(removed)} ({len(names)}){dangling(text, names)}')
        before = names
    if later:
        log = subprocess.run(['git', f'--git-dir={later}', 'log', '--reverse', '--since=2025-08-15', '--format=%h %ad', '--date=short', '--', *PATHS],
                             capture_output=True, text=True).stdout.splitlines()
        for line in log:
            commit, date = line.split()
            text = show(later, commit) or ''
            names = top_keys(text)
            added = [k for k in names if k not in before]
            removed = [k for k in before if k not in names]
            if added or removed or dangling(text, names):
                print(f'{commit} {date} +{" ".join(added)} -{" ".join(removed)} ({len(names)}){dangling(text, names)}')
            before = names


main()
