/**
 * How many of a cachegrind run's instructions V8's garbage collector executed, for the bench's instruction row of the
 * plugin inside ESLint (scripts/bench.ts, `BENCH_ESLINT_INSTRUCTIONS`; issue 30, item 4). Twenty-seventh session:
 * two copies of the plugin that differ by three statements which run once per rule and file (a destructuring, a
 * `Map.get`, a test) counted 22,456 M and 22,942 M instructions on the SDK's 172 files; of the 487 M between them,
 * 432 M were the collector's (marking, sweeping, the write barriers of incremental marking) and 55 M the rest. The
 * collector's share follows where in the run its whole collections fall, which a few bytes more or less allocated
 * anywhere move (the same build, run with a longer output path, counted 121 M fewer). The row prints the split so a
 * reader sees which part moved (docs/performance.md, "Twenty-seventh session: 30plugin").
 */

/**
 * A function of V8's garbage collector, by its demangled name (cachegrind reads the names from `node`'s own symbols):
 * the full and young-generation collectors, their visitors, incremental marking and the write barriers it turns on,
 * sweeping, evacuation, remembered sets and the collector's worklists. Allocation itself (free lists, linear
 * allocation areas) and object-size helpers the rest of V8 also calls are not counted as the collector's.
 */
export const COLLECTOR_FUNCTION = new RegExp(
  [
    String.raw`\b(?:MarkCompactCollector|MinorMarkCompactCollector|MinorMarkSweepCollector|MarkingVisitorBase|MainMarkingVisitor|ConcurrentMarkingVisitor|YoungGenerationMarkingVisitor|MarkingBarrier|MarkingWorklists?|MarkingState|MarkBit|IncrementalMarking|ConcurrentMarking|MarkingHelper)\b`,
    String.raw`\b(?:Scavenger|ScavengerCollector|ScavengeVisitor|IterateAndScavengePromotedObjectsVisitor|Sweeper|ArrayBufferSweeper|Evacuator|EvacuateVisitorBase|EvacuateNewSpaceVisitor|EvacuateOldSpaceVisitor|EvacuateNewSpacePageVisitor|EvacuationAllocator)\b`,
    String.raw`\b(?:RecordMigratedSlotVisitor|PointersUpdatingVisitor|RememberedSet|RememberedSetUpdatingItem|SlotSet|TypedSlotSet|LiveObjectRange|WeakObjects|GCTracer|WriteBarrier|MemoryReducer)\b`,
    String.raw`\bHeap::(?:CollectGarbage|PerformGarbageCollection|GarbageCollectionPrologue|GarbageCollectionEpilogue|Scavenge|MarkCompact|CombinedGenerationalAndSharedEphemeronBarrierSlow|EphemeronKeyWriteBarrierFromCode|UpdateYoungReferencesInExternalStringTable|ProcessAllWeakReferences|IterateRoots|ClearRecordedSlot)\b`,
    String.raw`^Builtins_(?:RecordWrite|EphemeronKeyBarrier|IndirectPointerBarrier)`,
    String.raw`(?:^|[\s<(,])(?:heap::base|cppgc)::`,
  ].join('|'),
);

/** A cachegrind output's instructions (`Ir`), in all and in the functions {@link COLLECTOR_FUNCTION} names. */
export interface InstructionSplit {
  total: number;
  collector: number;
}

/**
 * Sums a cachegrind output file's text (`--cachegrind-out-file`): each `fn=` line names the function the count lines
 * below it belong to (`<line> <count> ...`, the counts in the order of the `events:` line). Throws on a text
 * without `Ir` among its events.
 */
export function instructionSplit(text: string): InstructionSplit {
  let column = -1;
  let inCollector = false;
  let total = 0;
  let collector = 0;
  for (const line of text.split('\n')) {
    const first = line.charCodeAt(0);
    if (first >= 48 && first <= 57) {
      if (column < 0) throw new Error('cachegrind output: counts before an `events:` line naming Ir');
      const fields = line.split(' ');
      const n = Number(fields[column + 1] ?? 0);
      total += n;
      if (inCollector) collector += n;
    } else if (line.startsWith('fn=')) inCollector = COLLECTOR_FUNCTION.test(line.slice(3));
    else if (line.startsWith('events:')) column = line.slice('events:'.length).trim().split(/\s+/).indexOf('Ir');
  }
  if (column < 0) throw new Error('cachegrind output: no `events:` line naming Ir');
  return { total, collector };
}
