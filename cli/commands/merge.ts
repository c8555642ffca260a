/**
 * `collab-migrate merge <reports..>`: the JSON reports of many repositories (one `--format json` run each, tagged
 * with `--repo-name` or from git) as one organisation report in any format. A folder argument stands for every
 * `.json` file under it (what `actions/download-artifact` leaves: one folder per artifact).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import { jsonPrintable, printable } from '../../engine/read/printable.js';
import { readTextFile } from '../../engine/read/read-file.js';
import path from 'node:path';
import type { Argv } from 'yargs';
import { checkDate } from '../config/options.js';
import { FORMATS, type Format } from '../config/settings.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { parseReport, ReportMerger, withRepositoryPaths, type MergeSink } from '../report/merge.js';
import { formatter } from '../report/formats/index.js';
import { summaryLine, type Report, type ReportFile, type ReportFinding } from '../report/report.js';
import type { CommandRunner, GlobalArgs } from './shared.js';
import type { Io } from '../io.js';

export interface MergeArgs extends GlobalArgs {
  reports?: string[];
  format?: Format;
  output?: string;
  today?: string;
  warnWithin?: number;
}

export function builder(y: Argv<GlobalArgs>): Argv<MergeArgs> {
  return y
    .positional('reports', { describe: 'JSON reports (collab-migrate --format json), or folders holding them', type: 'string', array: true })
    .option('format', { alias: 'f', describe: 'Output format', choices: FORMATS, default: 'text' as Format })
    .option('output', { alias: 'o', describe: 'Write the merged report to a file', type: 'string' })
    .option('today', { describe: 'The day states are computed for (default: the latest day of the reports)', type: 'string' })
    .option('warn-within', { describe: 'Warning window in days (default: the largest of the reports)', type: 'number' })
    .example('$0 merge reports/ --format html -o org.html', 'One page for every repository')
    .example('$0 merge reports/*.json --format markdown', 'The summary table for a job summary') as unknown as Argv<MergeArgs>;
}

/** Findings of each notice the organisation page lists (formatHtml's default); the rest are counted. */
const HTML_FINDINGS_PER_NOTICE = 200;

function jsonFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFilesUnder(full));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) out.push(full);
  }
  return out;
}

function reportFiles(args: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const arg of args) {
    const full = path.resolve(cwd, arg);
    let isDir: boolean;
    try {
      isDir = statSync(full).isDirectory();
    } catch (error) {
      throw new UsageError(`Cannot read ${arg} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    }
    if (!isDir) files.push(full);
    else {
      const found = jsonFilesUnder(full);
      if (found.length === 0) throw new UsageError(`${arg}: no .json report in this folder.`);
      files.push(...found);
    }
  }
  return files;
}

/**
 * The report files once each: a file named twice (also through a link or another path), or a copy with the same
 * bytes, would count one repository's findings twice; each one left out is said on stderr (issue 28). `seen`
 * takes a file and its text (read once, for the merge too) and says whether an earlier one was the same.
 */
export class DistinctReports {
  private readonly inodes = new Map<string, string>();
  /**
   * Reports by byte length and a digest of some of their text ({@link sampleOf}): only reports alike in both can be
   * copies, so only those are hashed whole. By length alone, most of 10,000 generated reports were hashed (a
   * report's length varies by a few hundred bytes), and each earlier one read again (issue 30, item 3).
   */
  private readonly bySize = new Map<string, { file: string; hash?: string }[]>();
  constructor(private readonly io: Pick<Io, 'cwd' | 'stderr'>) {}

  /** True (and said on stderr) when this file is a report already counted; `text` is its content. */
  repeated(file: string, text: string): boolean {
    let inode: string | undefined;
    let size = -1;
    try {
      const st = statSync(file);
      inode = `${st.dev}:${st.ino}`;
      size = st.size;
    } catch {
      // Gone since it was read: its bytes still say whether it is a copy.
    }
    let first = inode !== undefined ? this.inodes.get(inode) : undefined;
    if (size < 0) size = Buffer.byteLength(text);
    const key = `${size}:${sampleOf(text)}`;
    const same = this.bySize.get(key) ?? [];
    if (first === undefined && same.length > 0) {
      // The same bytes: hashed only now (hashing every report was 5% of a merge's time), earlier ones read again.
      const hash = hashOf(text);
      first = same.find((earlier) => (earlier.hash ??= hashOrUndefined(earlier.file)) === hash)?.file;
      if (first === undefined) same.push({ file, hash });
    } else if (first === undefined) same.push({ file });
    if (first === undefined) {
      if (inode !== undefined) this.inodes.set(inode, file);
      this.bySize.set(key, same);
      return false;
    }
    const shown = (f: string): string => printable(path.relative(this.io.cwd, f) || f);
    this.io.stderr.write(`collab-migrate: ${shown(file)} is the same report as ${shown(first)}: counted once.\n`);
    return true;
  }
}

/** The hash of a file's text, or undefined when it cannot be read again (then it is nobody's copy). */
function hashOrUndefined(file: string): string | undefined {
  try {
    return hashOf(readTextFile(file));
  } catch {
    return undefined;
  }
}

/** The files of `files` that are not the same report as an earlier one (reads each; an unreadable one is kept, for the merge to name). */
export function distinctReports(files: readonly string[], io: Pick<Io, 'cwd' | 'stderr'>): string[] {
  const distinct = new DistinctReports(io);
  return files.filter((file) => {
    let text: string;
    try {
      text = readTextFile(file);
    } catch {
      return true;
    }
    return !distinct.repeated(file, text);
  });
}

/** Pieces of a text this long at most, spread over it, make its sample. */
const SAMPLE_PIECES = 32;
const SAMPLE_PIECE = 64;

/**
 * A digest of the start, the end and evenly spaced pieces of a text: equal for equal texts, and for two reports of
 * different repositories different in practice (the repository's name and commit are near the start). Only a
 * pre-filter: texts alike in it are still compared by their whole hash.
 */
export function sampleOf(text: string): string {
  if (text.length <= 2048 + SAMPLE_PIECES * SAMPLE_PIECE) return createHash('sha1').update(text).digest('base64');
  const hash = createHash('sha1').update(text.slice(0, 1024));
  const step = Math.floor((text.length - SAMPLE_PIECE) / (SAMPLE_PIECES - 1));
  for (let k = 0; k < SAMPLE_PIECES; k++) hash.update(text.slice(k * step, k * step + SAMPLE_PIECE));
  return hash.update(text.slice(-SAMPLE_PIECE)).digest('base64');
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The text of a merged JSON report is written in pieces of about this size. */
const CHUNK = 1 << 20;

/** Text appended to a file descriptor in chunks. */
class ChunkedFile {
  private parts: string[] = [];
  private size = 0;
  constructor(readonly fd: number) {}
  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK) this.flush();
  }
  flush(): void {
    if (this.parts.length === 0) return;
    writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

/** What `JSON.stringify({ items: [...] }, null, 2)` puts before the list's first element and after its last. */
const ITEMS_BEFORE = '{\n  "items": [\n';
const ITEMS_AFTER = '\n  ]\n}';

/**
 * `toJson`'s text of elements of a top-level list (two levels of indentation), without the `edits` of fixes, joined
 * by `,\n`: the list stringified as the value of a key of an object, which indents its elements as the report does.
 * One call for many elements, not one per element with its lines indented after (a 10,000-report merge's findings
 * took 0.4 s less; issue 30, item 3).
 */
function listItems(values: readonly unknown[]): string {
  // Without a replacer unless a value holds edits (a replacer function called for every key was half the time).
  let text = JSON.stringify({ items: values }, null, 2);
  if (text.includes('"edits":')) text = JSON.stringify({ items: values }, (key, v: unknown) => (key === 'edits' ? undefined : v), 2);
  return jsonPrintable(text.slice(ITEMS_BEFORE.length, text.length - ITEMS_AFTER.length));
}

/** Elements of a top-level list written in batches of this many ({@link listItems}). */
const BATCH = 256;

/** The elements of one top-level list, written to a file as `listItems` text in batches. */
class ListWriter {
  private pending: unknown[] = [];
  private count = 0;
  constructor(private readonly out: ChunkedFile) {}
  get size(): number {
    return this.count + this.pending.length;
  }
  add(value: unknown): void {
    this.pending.push(value);
    if (this.pending.length >= BATCH) this.flush();
  }
  flush(): void {
    if (this.pending.length === 0) return;
    this.out.write(`${this.count === 0 ? '\n' : ',\n'}${listItems(this.pending)}`);
    this.count += this.pending.length;
    this.pending = [];
  }
}

/**
 * The merged JSON report written as the reports are read, never held whole: 10,000 reports of 100 findings are
 * over a gigabyte of JSON, more than V8 holds in one string ("Invalid string length") and more than a process
 * should hold as objects. Findings go to the output as they come; files (also one repository at a time) to a
 * second file, appended after them; the rest (repositories, notices, the summary) when every report is read.
 * The keys come in another order than `toJson`'s, the values are the same.
 */
class StreamedJson implements MergeSink {
  private readonly out: ChunkedFile;
  private readonly files: ChunkedFile;
  private readonly findingList: ListWriter;
  private readonly fileList: ListWriter;

  constructor(outFd: number, filesFd: number, private readonly filesPath: string) {
    this.out = new ChunkedFile(outFd);
    this.files = new ChunkedFile(filesFd);
    this.findingList = new ListWriter(this.out);
    this.fileList = new ListWriter(this.files);
  }

  begin(report: Report): void {
    this.out.write(`{\n  "version": ${JSON.stringify(report.version)},\n  "tool": ${JSON.stringify(report.tool, null, 2).replace(/\n/g, '\n  ')},\n  "findings": [`);
  }

  finding(f: ReportFinding): void {
    this.findingList.add(f);
  }

  file(f: ReportFile): void {
    this.fileList.add(f);
  }

  end(merged: Report): void {
    this.findingList.flush();
    this.fileList.flush();
    this.out.write(this.findingList.size === 0 ? ']' : '\n  ]');
    this.out.write(',\n  "files": [');
    this.out.flush();
    this.files.flush();
    // The files' text, copied after the findings in pieces.
    const fd = openSync(this.filesPath, 'r');
    try {
      const buffer = Buffer.alloc(CHUNK);
      for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) writeSync(this.out.fd, buffer, 0, n);
    } finally {
      closeSync(fd);
    }
    this.out.write(this.fileList.size === 0 ? ']' : '\n  ]');
    const { version: _version, tool: _tool, findings: _findings, files: _files, ...rest } = merged;
    const tail = JSON.stringify(rest, (key, v: unknown) => (key === 'edits' ? undefined : v), 2);
    this.out.write(tail === '{}' ? '\n}\n' : `,\n${jsonPrintable(tail.slice(2))}\n`);
    this.out.flush();
  }
}

/** A new scratch file in `dir`, removed by `dispose` (unless renamed before). */
function scratch(dir: string, what: string, mode: number): { path: string; fd: number; close: () => void; dispose: () => void } {
  const file = path.join(dir, `.collab-migrate-${what}-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(file, 'wx', mode);
  let open = true;
  const close = (): void => {
    if (open) closeSync(fd);
    open = false;
  };
  return {
    path: file,
    fd,
    close,
    dispose: () => {
      close();
      rmSync(file, { force: true });
    },
  };
}

export const run: CommandRunner<MergeArgs> = async (args, io) => {
  const paths = args.reports ?? [];
  if (paths.length === 0) throw new UsageError('merge: give the JSON reports to merge (files or folders).');
  const today = checkDate('--today', args.today);
  if (args.warnWithin !== undefined && (!Number.isInteger(args.warnWithin) || args.warnWithin < 0)) {
    throw new UsageError(`Invalid --warn-within "${args.warnWithin}": expected a whole number of days.`);
  }
  const output = args.output !== undefined ? path.resolve(io.cwd, args.output) : undefined;
  const format = args.format ?? 'text';
  const files = reportFiles(paths, io.cwd).filter((file) => file !== output);
  const options = { ...(today ? { today } : {}), ...(args.warnWithin !== undefined ? { warnWithinDays: args.warnWithin } : {}) };
  const cannotWrite = (error: unknown): UsageError =>
    new UsageError(`Cannot write --output ${args.output} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);

  // JSON is written as it is read (into a scratch file, renamed over --output or copied to stdout at the end, so a
  // bad report leaves no half-written output); the readiness page and summary keep a few findings of each notice and
  // count the rest; the formats that list every finding (text, SARIF, GitHub) keep them all.
  const scratches: ReturnType<typeof scratch>[] = [];
  try {
    let json: StreamedJson | undefined;
    if (format === 'json') {
      let out: ReturnType<typeof scratch>;
      try {
        // Beside --output, so that the finished report is renamed over it (mode as a new file's, less the umask).
        out = scratch(output ? path.dirname(output) : os.tmpdir(), 'merge', output ? 0o666 : 0o600);
      } catch (error) {
        throw cannotWrite(error);
      }
      scratches.push(out);
      const filesPart = scratch(os.tmpdir(), 'merge-files', 0o600);
      scratches.push(filesPart);
      json = new StreamedJson(out.fd, filesPart.fd, filesPart.path);
    }
    const keep = format === 'json' ? 0 : format === 'html' ? HTML_FINDINGS_PER_NOTICE : format === 'markdown' ? 0 : Infinity;
    const merger = new ReportMerger({ ...options, keepFindingsPerNotice: keep, keepFiles: format !== 'json' && format !== 'html' && format !== 'markdown', ...(json ? { sink: json } : {}) });
    const distinct = new DistinctReports(io);
    let count = 0;
    for (const file of files) {
      const shown = path.relative(io.cwd, file) || file;
      let text: string;
      try {
        text = readTextFile(file);
      } catch (error) {
        throw new UsageError(`Cannot read ${shown} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
      }
      if (distinct.repeated(file, text)) continue;
      const report = parseReport(shown, text);
      if (count++ === 0) json?.begin(report);
      merger.add({ source: shown, report });
    }
    const { report: merged, counts } = merger.finish();
    let written: string | undefined;
    if (json) {
      json.end(merged);
      const out = scratches[0]!;
      out.close();
      if (output) {
        try {
          renameSync(out.path, output);
        } catch (error) {
          throw cannotWrite(error);
        }
      } else {
        const fd = openSync(out.path, 'r');
        try {
          const buffer = Buffer.alloc(CHUNK);
          for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) io.stdout.write(buffer.toString('utf8', 0, n));
        } finally {
          closeSync(fd);
        }
      }
    } else {
      const keepsRepositories = format === 'html' || format === 'markdown';
      const color = args.color ?? (!output && Boolean(io.stdout.isTTY) && !('NO_COLOR' in io.env));
      written = (await formatter(format))(keepsRepositories ? merged : withRepositoryPaths(merged), { texts: new Map(), cwd: io.cwd, color, notices: [], counts });
      if (!output) io.stdout.write(written);
      else {
        try {
          writeFileSync(output, written);
        } catch (error) {
          throw cannotWrite(error);
        }
      }
    }
    if (output) {
      // A log shows what happened when the report went to a file (as the scan's summary line does).
      const repositories = merged.repositories?.length ?? count;
      io.stderr.write(`${summaryLine(merged)}, from ${repositories} ${repositories === 1 ? 'repository' : 'repositories'}; wrote ${path.relative(io.cwd, output) || output} (${format})\n`);
    }
  } finally {
    for (const s of scratches) s.dispose();
  }
  return EXIT_OK;
};
