import { readFile, writeFile } from 'node:fs/promises';

export interface StoredTokens {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_token_expires_in: number;
  obtained_at: number;
}

const FILE = process.env.TOKEN_FILE ?? '.tokens.json';

export async function saveTokens(tokens: StoredTokens): Promise<void> {
  await writeFile(FILE, JSON.stringify(tokens, null, 2), { mode: 0o600 });
}

export async function loadTokens(): Promise<StoredTokens> {
  return JSON.parse(await readFile(FILE, 'utf8')) as StoredTokens;
}
