// A real project to try, as a folder: a bare git directory (a mirror, as `fetch github:owner/name` puts under
// /work/.mirror/) is checked out (HEAD) into `scratch`; a folder is used as it is. Shared by try-real-projects.mjs and
// parity-real-projects.mjs. Answers {name, dir}: /work/.mirror/owner+name/repo is named owner+name.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function checkoutProject(given, scratch) {
  const absolute = path.resolve(given);
  const isBare = existsSync(path.join(absolute, 'HEAD')) && existsSync(path.join(absolute, 'objects'));
  const name = path.basename(absolute) === 'repo' ? path.basename(path.dirname(absolute)) : path.basename(absolute);
  if (!isBare) return { name, dir: absolute };
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  // Each blob of HEAD through one `git cat-file --batch`: a snapshot lacks its largest files, which are skipped.
  const git = (args, input) => execFileSync('git', ['--git-dir', absolute, ...args], { input, maxBuffer: 1 << 30 });
  const entries = git(['ls-tree', '-r', '-z', 'HEAD'])
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, sha] = line.slice(0, tab).split(' ');
      return { mode, type, sha, file: line.slice(tab + 1) };
    })
    .filter((e) => e.type === 'blob' && e.mode !== '120000');
  const out = git(['cat-file', '--batch'], entries.map((e) => `${e.sha}\n`).join(''));
  let at = 0;
  for (const entry of entries) {
    const headerEnd = out.indexOf(10, at);
    const header = out.subarray(at, headerEnd).toString('utf8');
    at = headerEnd + 1;
    if (header.endsWith(' missing')) continue;
    const size = Number(header.split(' ')[2]);
    const target = path.join(dir, entry.file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, out.subarray(at, at + size));
    at += size + 1;
  }
  return { name, dir };
}
