/**
 * The review file written beside the drafts (`drafts.review.json` for `drafts.json`): for each draft the
 * evidence (change records, the spec's sentences, the commits on both sides, confidence and why) and what a
 * person must fill in before it joins the catalog; then what was left out and why.
 */
import type { Notice } from '../../types.js';
import type { ObservedChange } from './observe.js';
import type { ChangeGroup, DraftConfidence, Proposal } from './propose.js';

export interface EvidenceRecord {
  spec: string;
  change: string;
  operation: string;
  location: string;
  field?: string;
  to?: string;
  values?: string[];
  from?: string;
  status?: string;
  before?: string;
  after?: string;
  sentence?: string;
  date?: string;
  noise?: string[];
  note?: string;
  /** The reading that shows the change and the one before it. */
  seenIn: { file: string; commit?: string; date?: string; url: string };
  previous?: { file: string; commit?: string; date?: string; url: string };
  persisted?: boolean;
}

export interface DraftReview {
  id: string;
  title: string;
  confidence: DraftConfidence;
  why: string[];
  /** Fields of the draft a person must write or confirm, each with what to look for. */
  toFillIn: Array<{ field: string; what: string }>;
  /** When the catalog already has a notice for it (drafts kept with `--keep-duplicates`). */
  duplicateOf?: string;
  evidence: EvidenceRecord[];
}

export interface ReviewFile {
  tool: 'collab-migrate catalog propose';
  inputs: Record<string, unknown>;
  counts: { observed: number; drafts: number; duplicates: number; skipped: number; awaitingNextPublish: number; noise: Record<string, number> };
  drafts: DraftReview[];
  duplicates: Array<{ notice: string; how: string; change: string; operations: string[] }>;
  skipped: Array<{ change: string; why: string; operations: string[] }>;
  awaitingNextPublish: EvidenceRecord[];
}

const MAX_EVIDENCE = 20;

export function evidenceOf(c: ObservedChange): EvidenceRecord {
  const side = (v: ObservedChange['seenIn']) => ({ file: v.file, url: v.url, ...(v.commit ? { commit: v.commit } : {}), ...(v.date ? { date: v.date } : {}) });
  const e: EvidenceRecord = { spec: c.spec, change: c.class, operation: `${c.method} ${c.path}`, location: c.location, seenIn: side(c.seenIn) };
  for (const k of ['field', 'to', 'values', 'from', 'status', 'before', 'after', 'sentence', 'date', 'note', 'persisted'] as const) {
    if (c[k] !== undefined) (e as unknown as Record<string, unknown>)[k] = c[k];
  }
  if (c.noise.length) e.noise = [...c.noise];
  if (c.previous) e.previous = side(c.previous);
  return e;
}

function toFillIn(notice: Notice, sameName: readonly string[]): DraftReview['toFillIn'] {
  const out: DraftReview['toFillIn'] = [];
  if (notice.status !== 'informational') {
    out.push({ field: 'id', what: 'a public id (the draft- prefix is provisional; ids are never renamed once shipped)' });
    if (notice.instead.startsWith('Not stated')) out.push({ field: 'instead', what: 'what to do instead, from the changelog or the API reference' });
    else out.push({ field: 'instead', what: `confirm "${notice.instead}" against the changelog` });
    out.push({
      field: 'effective',
      what: notice.effective ? `the spec's sentence gives ${notice.effective}; confirm it against the changelog (the specs' dates lag)` : 'the date from the changelog (the spec states none); then status "dated"',
    });
    out.push({ field: 'breaking', what: `drafted as ${notice.breaking} from the kind of change; confirm` });
    out.push({ field: 'fix / fixTiming', what: 'whether a fix is safe, and its timing (safe, expand-contract, final-only)' });
    out.push({ field: 'example', what: 'a before/after example' });
  } else {
    out.push({ field: 'summary', what: 'whether the addition is worth listing (informational notices are never reported)' });
  }
  if (sameName.length) out.push({ field: 'detections[].scope.others', what: `endpoints that reuse the name: ${sameName.slice(0, 15).join(', ')}${sameName.length > 15 ? ` and ${sameName.length - 15} more` : ''}; list those where it means something else` });
  return out;
}

const operations = (g: ChangeGroup): string[] => [...new Set(g.changes.map((c) => `${c.method} ${c.path}`))];

/** The review document for a proposal. */
export function buildReview(proposal: Proposal, inputs: Record<string, unknown>): ReviewFile {
  const duplicateOf = new Map(proposal.duplicates.map((d) => [d.group, d.notice]));
  return {
    tool: 'collab-migrate catalog propose',
    inputs,
    counts: {
      observed: proposal.observed,
      drafts: proposal.drafts.length,
      duplicates: proposal.duplicates.length,
      skipped: proposal.skipped.length,
      awaitingNextPublish: proposal.awaiting.length,
      noise: proposal.noise,
    },
    drafts: proposal.drafts.map((d) => {
      const r: DraftReview = {
        id: d.notice.id,
        title: d.notice.title,
        confidence: d.group.confidence,
        why: d.group.reasons,
        toFillIn: toFillIn(d.notice, d.sameName),
        evidence: d.group.changes.slice(0, MAX_EVIDENCE).map(evidenceOf),
      };
      const dup = duplicateOf.get(d.group);
      if (dup) r.duplicateOf = dup;
      return r;
    }),
    duplicates: proposal.duplicates.map((d) => ({ notice: d.notice, how: d.how, change: d.group.key, operations: operations(d.group) })),
    skipped: proposal.skipped.map((s) => ({ change: s.group.key, why: s.why, operations: operations(s.group) })),
    awaitingNextPublish: proposal.awaiting.map(evidenceOf),
  };
}
