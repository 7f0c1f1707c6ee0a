// Checks one commit message against the form in CONTRIBUTING.md ("Commit messages"): a subject of at most 72
// characters, a blank line, then a body. Meant as a commit-msg hook (git passes the message file):
//   printf '#!/bin/sh\nexec node scripts/check-commit-msg.mjs "$1"\n' > "$(git rev-parse --git-path hooks)/commit-msg"
//   chmod +x "$(git rev-parse --git-path hooks)/commit-msg"
// It reads only the message it is given, never the history, so it works the same in any clone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const MAX_SUBJECT = 72;

/** The problems of one message (empty when it has the form); git's comments and the text under the scissors are left out. */
export function commitMessageProblems(message) {
  const lines = [];
  for (const line of message.split('\n')) {
    if (/^# -+ >8 -+/.test(line)) break;
    if (!line.startsWith('#')) lines.push(line.trimEnd());
  }
  while (lines.length && lines.at(-1) === '') lines.pop();
  const [subject = '', second, ...body] = lines;
  // Messages git writes itself keep git's form.
  if (/^(Merge|Revert|fixup!|squash!|amend!) /.test(subject)) return [];
  const problems = [];
  if (!subject.trim()) problems.push('the subject (first line) is empty');
  if (subject.length > MAX_SUBJECT) problems.push(`the subject is ${subject.length} characters, over ${MAX_SUBJECT}`);
  if (second === undefined) problems.push('there is no body: add a blank line, then what changed and why');
  else if (second !== '')
    problems.push('the second line is not blank: the subject is one line, the body follows a blank line');
  else if (!body.some((l) => l.trim())) problems.push('the body is empty: say what changed and why');
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/check-commit-msg.mjs <message file>');
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  for (const p of problems) console.error(`commit message: ${p} (CONTRIBUTING.md, "Commit messages")`);
  process.exit(problems.length ? 1 : 0);
}
