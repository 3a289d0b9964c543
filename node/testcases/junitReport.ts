/**
 * A run of saved cases as JUnit XML, the report CI services read: one <testsuite> for the cases file, one <testcase>
 * per case (its tool as classname, its time in seconds), a <failure> with the reason for a failed case and an <error>
 * for one that could not run. Written here rather than with a report-building package: the format is a dozen
 * elements, and what matters — text that is always well-formed XML whatever a tool printed — is escaped below and
 * checked by a real JUnit parser in the tests.
 */
import { targetLabel } from '../../shared/run/index';
import type { CaseResult } from './runCases';

/** Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) become U+FFFD. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** `suite`: the suite's name (the cases file as given); `timestamp`: when the run started. */
export function junitReport(suite: string, results: readonly CaseResult[], timestamp: Date): string {
  const failures = results.filter((r) => r.verdict.outcome === 'failed').length;
  const errors = results.filter((r) => r.verdict.outcome === 'could not run').length;
  const total = results.reduce((sum, r) => sum + r.durationMs, 0);
  const attributes = (pairs: Record<string, string | number>) =>
    Object.entries(pairs)
      .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
      .join('');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: 'toolbox-editor test', tests: results.length, failures, errors, time: seconds(total) })}>`,
    `  <testsuite${attributes({ name: suite, tests: results.length, failures, errors, skipped: 0, time: seconds(total), timestamp: timestamp.toISOString().replace(/\.\d+Z$/, '') })}>`,
  ];
  for (const r of results) {
    const head = `    <testcase${attributes({ name: r.name, classname: targetLabel(r.target), time: seconds(r.durationMs) })}`;
    if (r.verdict.outcome === 'passed') {
      lines.push(`${head}/>`);
      continue;
    }
    const element = r.verdict.outcome === 'failed' ? 'failure' : 'error';
    const type = r.verdict.outcome === 'failed' ? 'failed' : 'could not run';
    const firstLine = r.verdict.reason.split('\n')[0] ?? '';
    lines.push(`${head}>`, `      <${element}${attributes({ message: firstLine, type })}>${escapeXml(r.verdict.reason)}</${element}>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
