/**
 * Values of environment variables as the project writes them down (issue 26, shape 9 continued): a URL whose
 * base is `process.env.X` (`axios.create({ baseURL: process.env.WEB_EX_API_URI })`,
 * `${process.env.REACT_APP_WEBEX_BASE_URL}?client_id=...`) is read with the value the repository's environment
 * files give X (`.env`, `.env.example`, `.env.sample`, `gov.env.example`: the names engine/read/language.ts
 * scans), nearest folder first up to the project root. Without a value, a variable whose name says the platform
 * and its API (`WEBEX_API_URL`, `WEB_EX_API_URI`, `SPARK_API_BASE`) is read as the platform's API base.
 *
 * Either is an assumption, since a deployment sets its own values: a value read so carries the reason
 * ({@link EnvValue.assumed}), and a finding that rests on it is at most *likely* (never an autofix).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isEnvFile } from '../read/language.js';

/** A value an environment variable is assumed to hold, and why. */
export interface EnvValue {
  value: string;
  /** The reason a finding resting on the value gives for being only likely. */
  assumed: string;
  /** The environment file it was read from, if any (a dependency of the analysis). */
  file?: string;
}

/**
 * The platform's documented API base (developer.webex.com: "https://webexapis.com/v1/"), the value assumed for a
 * variable whose name says the platform's API and that no environment file of the project sets.
 */
export const PLATFORM_API_BASE = 'https://webexapis.com/v1';

/** A name that says the platform (`WEBEX`, `WEB_EX`, `SPARK` as a word, `CISCOSPARK`). */
const PLATFORM_WORD = /(?:^|_)(?:WEBEX|WEB_EX|CISCO_?SPARK|SPARK)(?:_|$)/;
/** ... and its API address (`API`, `URL`, `URI`, `BASE`, `HOST`, `ENDPOINT`). */
const API_WORD = /(?:^|_)(?:API|URL|URI|BASE|HOST|ENDPOINT)(?:_|$)/;
/**
 * ... and nothing that says another thing: a proxy, the bot's or app's own address, a redirect or webhook
 * target, a secret, a name or id (`PROXY_URL`, `WEBEX_BOT_NAME`, `WEBEX_REDIRECT_URI`, `WEBEX_API_TOKEN`), or
 * Apache Spark (`SPARK_HOME`, `SPARK_MASTER_URL`).
 */
const OTHER_WORD =
  /(?:^|_)(?:PROXY|BOT|NAME|REDIRECT|CALLBACK|WEBHOOK|HOOK|PUBLIC|APP|SITE|FRONTEND|CLIENT|SECRET|TOKEN|KEY|PASSWORD|ID|EMAIL|HOME|MASTER|DRIVER|EXECUTOR|SQL|UI|SOCKET|WS|AUTH|LOGIN|OAUTH|PORT|PATH|DIR|TIMEOUT|VERSION|CDN|ASSETS?|STATIC|LOCAL)(?:_|$)/;

/** Whether a variable's name says it holds the platform's API address (see {@link PLATFORM_WORD}). */
export function namesPlatformApi(name: string): boolean {
  const upper = name.toUpperCase().replace(/^(?:REACT_APP|VITE|NEXT_PUBLIC|VUE_APP|NX|EXPO_PUBLIC|PUBLIC)_/, '');
  return PLATFORM_WORD.test(upper) && API_WORD.test(upper) && !OTHER_WORD.test(upper);
}

/** `KEY=value` lines of an environment file (`export KEY=...`, quotes removed); commented-out lines are not values. */
export function parseEnv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = ENV_KEY.exec(line);
    if (!m) continue;
    let value = envValue(line.slice(m[0].length));
    if (value === undefined) continue;
    const quoted = /^(['"`])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    else value = lessComment(value);
    if (value !== '' && !out.has(m[1])) out.set(m[1], value);
  }
  return out;
}

/** A line's key, up to its `=`. */
const ENV_KEY = /^\s*(?:export\s+)?([A-Za-z_][\w.]*)\s*=/;
const WHITE = /\s/;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * What follows a key's `=`, less the white space around it (`trim` strips exactly what `\s` matches); undefined when a
 * line terminator (a lone `\r`) stands inside it. That is what `\s*(.*?)\s*$` gave (as the end of one expression with
 * the key), read once from each end: that expression tried every split of a run of white space against every other
 * (cubic: a line of 20,000 tabs took over 15 s).
 */
function envValue(rest: string): string | undefined {
  const value = rest.trim();
  return LINE_TERMINATOR.test(value) ? undefined : value;
}

/**
 * A value less a comment (`value.replace(/\s+#.*$/, '')` for a value without line terminators): from the white space
 * before the first `#` that has some, found once, not from every start of a long run of white space.
 */
function lessComment(value: string): string {
  for (let hash = value.indexOf('#'); hash !== -1; hash = value.indexOf('#', hash + 1)) {
    if (hash === 0 || !WHITE.test(value[hash - 1])) continue;
    let start = hash - 1;
    while (start > 0 && WHITE.test(value[start - 1])) start--;
    return value.slice(0, start);
  }
  return value;
}

/** The environment files of one folder, by name: `.env` first, then the others in name order (`.env.example`, `.env.sample`...). */
export function envFilesIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile() && isEnvFile(d.name))
      .map((d) => d.name);
  } catch {
    return [];
  }
  return names.sort((a, b) => (a === '.env' ? -1 : b === '.env' ? 1 : a < b ? -1 : a > b ? 1 : 0)).map((n) => path.join(dir, n));
}

/** The reason given for a value an environment file sets. */
export function fileValueReason(name: string, file: string): string {
  return `the URL's base is the environment variable ${name}, taken as the value ${path.basename(file)} gives it (a deployment may set another)`;
}

/** The reason given for a value assumed from a variable's name. */
export function nameValueReason(name: string): string {
  return `the URL's base is the environment variable ${name}, whose name says the platform's API (no environment file of the repository sets it)`;
}
