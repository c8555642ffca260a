/**
 * Fixes in time: which form of a notice's fix may be applied on the day of a run. A detector reports the
 * final form (`fix`), the transitional form where its usage has one (`transitional`), and whether the
 * usage already is a transitional form (`migrated`); this module picks, for every front end at once:
 *
 * | timing          | before the date (mode `date`)                  | on/after the date, or mode `final` |
 * |-----------------|------------------------------------------------|------------------------------------|
 * | safe            | fix = final edits (`safe`)                     | fix = final edits (`safe`)         |
 * | expand-contract | fix = transitional; final as a suggestion;      | fix = final (`final`); a migrated  |
 * |                 | a migrated usage is not reported               | usage is contracted                |
 * | final-only      | no fix; final as a suggestion                  | fix = final (`final`)              |
 *
 * Contract rules are always in force; a pending notice has no date yet, so its final forms wait.
 */
import { daysBetween } from '../catalog/dates.js';
import type { EngineOptions, FixForm, FixTimingKind, Notice, Suggestion, TextEdit } from '../types.js';

/** Message id of the suggestion that carries a final form not yet due. */
export const SUGGEST_FINAL_FORM = 'suggestFinalForm';

/** Message of {@link SUGGEST_FINAL_FORM}, shared by every rule. */
export const FIX_FORM_MESSAGES: Record<string, string> = {
  [SUGGEST_FINAL_FORM]: 'Write the final form now (only for code that runs from {{effective}} on: before that day the API does not accept it).',
};

/** The notice's fix timing; a notice that does not state one is `final-only` (no autofix before its date). */
export function fixTimingOf(notice: Notice): FixTimingKind {
  return notice.fixTiming?.kind ?? 'final-only';
}

/**
 * Whether final forms of the notice may be written on the engine options' day: fix mode `final`, a contract
 * rule, or a dated notice in force on `today` (effective on or before it). Without a `today` the engine
 * cannot tell, and final forms are written (every adapter passes one).
 */
export function isFinalFormDue(notice: Notice, options: EngineOptions | undefined): boolean {
  if (options?.fixMode === 'final') return true;
  switch (notice.status) {
    case 'contract':
      return true;
    case 'pending':
    case 'informational':
      return options?.today === undefined;
    case 'dated':
      if (options?.today === undefined || notice.effective === undefined) return true;
      return daysBetween(notice.effective, options.today) >= 0;
  }
}

/** What a detector reported about a fix, before the day picks a form. */
export interface FixCandidates {
  /** The final form's edits. */
  fix?: TextEdit[];
  /** The transitional form's edits, where the usage has one. */
  transitional?: TextEdit[];
  /** The usage is a transitional form already (`fix` contracts it). */
  migrated?: boolean;
}

/** The form chosen for one finding: `skip` when it must not be reported today (a transitional form before the date). */
export interface ChosenFix {
  skip: boolean;
  fix?: TextEdit[];
  fixForm?: FixForm;
  /** The final form as a suggestion, when it may not be applied yet. */
  finalSuggestion?: Suggestion;
}

/** Picks the form of one finding's fix for the day (see the table above). */
export function chooseFix(notice: Notice, found: FixCandidates, options: EngineOptions | undefined): ChosenFix {
  const timing = fixTimingOf(notice);
  const due = timing === 'safe' || isFinalFormDue(notice, options);
  if (found.migrated && !due) return { skip: true };
  const final = notice.fix === 'autofix' && found.fix && found.fix.length > 0 ? found.fix : undefined;
  if (!final) return { skip: false };
  if (due) return { skip: false, fix: final, fixForm: timing === 'safe' ? 'safe' : 'final' };
  const finalSuggestion: Suggestion = { messageId: SUGGEST_FINAL_FORM, data: { effective: notice.effective ?? 'the effective date' }, edits: final };
  if (timing === 'expand-contract' && found.transitional && found.transitional.length > 0) {
    return { skip: false, fix: found.transitional, fixForm: 'transitional', finalSuggestion };
  }
  return { skip: false, finalSuggestion };
}
