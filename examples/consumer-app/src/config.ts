import { readFileSync } from 'node:fs';
import 'dotenv/config';

interface AppConfig {
  webex: {
    apiBase: string;
    cdrBase: string;
    govCdrBase: string;
    redirectUri: string;
    scopes: string[];
  };
  archive: { bucket: string; storageRegion: string; prefix: string };
  mailing: { provider: string; baseUrl: string };
  github: { apiBase: string; repo: string };
}

const file = new URL('../config/default.json', import.meta.url);

export const config: AppConfig = JSON.parse(readFileSync(file, 'utf8'));

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`missing environment variable ${name}`);
  return value;
}
