/** Files a GitHub issue when the nightly export fails twice in a row. */
import { config, requireEnv } from '../config.js';

export async function openIssue(title: string, body: string): Promise<number> {
  const res = await fetch(`${config.github.apiBase}/repos/${config.github.repo}/issues`, {
    method: 'POST',
    headers: {
      Authorization: `token ${requireEnv('GITHUB_TOKEN')}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ title, body, labels: ['ops', 'cdr-export'] }),
  });
  if (!res.ok) throw new Error(`GitHub: ${res.status}`);
  return ((await res.json()) as { number: number }).number;
}

export async function listOpenIssues(): Promise<{ number: number; title: string }[]> {
  const res = await fetch('https://api.github.com/repos/acme/collab-ops/issues?state=open', {
    headers: { Authorization: `token ${requireEnv('GITHUB_TOKEN')}`, 'Content-Type': 'application/json' },
  });
  return (await res.json()) as { number: number; title: string }[];
}
