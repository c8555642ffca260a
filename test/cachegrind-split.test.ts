/**
 * The bench's split of an instruction count into V8's garbage collector and the rest (scripts/cachegrind-split.ts), on
 * cachegrind outputs written out here in its format (`fn=` lines, then `<line> <counts>` in the order of `events:`).
 */
import { describe, expect, it } from 'vitest';
import { COLLECTOR_FUNCTION, instructionSplit } from '../scripts/cachegrind-split.js';

const output = (events: string, body: string): string => `desc: I1 cache: 32768 B, 64 B, 8-way associative\ncmd: node -e 0\nevents: ${events}\n${body}summary: 0\n`;

describe('instructionSplit', () => {
  it("counts the collector's functions apart from the rest, each count under the function named above it", () => {
    const text = output(
      'Ir',
      [
        'fl=???',
        'fn=v8::internal::MarkCompactCollector::ProcessMarkingWorklist(unsigned long, v8::internal::MarkCompactCollector::MarkingWorklistProcessingMode)',
        '0 1000',
        '12 500',
        'fn=Builtins_RecordWriteSaveFP',
        '0 300',
        'fn=void heap::base::Worklist<v8::internal::HeapObject, (unsigned short)64>::Update<int>(int)',
        '0 40',
        'fn=v8::internal::compiler::GraphReducer::ReduceTop()',
        '0 7000',
        'fn=Builtins_LoadIC_Megamorphic',
        '0 200',
        'fl=./csu/../csu/libc-start.c',
        'fn=__libc_start_main@@GLIBC_2.34',
        '242 11',
        '',
      ].join('\n'),
    );
    expect(instructionSplit(text)).toEqual({ total: 1000 + 500 + 300 + 40 + 7000 + 200 + 11, collector: 1000 + 500 + 300 + 40 });
  });

  it('reads the Ir column where the events line puts it, a missing trailing count as zero', () => {
    const text = output('Dr Ir Dw', ['fn=v8::internal::Scavenger::ScavengePage(v8::internal::MemoryChunk*)', '1 9 100 9', '2 9', 'fn=main', '3 1 20 1', ''].join('\n'));
    expect(instructionSplit(text)).toEqual({ total: 120, collector: 100 });
  });

  it('refuses a text whose events do not include Ir, or with counts before any events line', () => {
    expect(() => instructionSplit(output('Dr', 'fn=main\n1 5\n'))).toThrow(/Ir/);
    expect(() => instructionSplit('fn=main\n1 5\nevents: Ir\n')).toThrow(/events/);
  });

  it('names the collector, its visitors and barriers, and leaves allocation, compilers and inline caches to the rest', () => {
    for (const name of [
      'void v8::internal::MarkingVisitorBase<v8::internal::MainMarkingVisitor<v8::internal::MarkingState>, v8::internal::MarkingState>::ProcessStrongHeapObject<v8::internal::FullHeapObjectSlot>(v8::internal::HeapObject, v8::internal::FullHeapObjectSlot, v8::internal::HeapObject)',
      'void v8::internal::BodyDescriptorBase::IteratePointers<v8::internal::MainMarkingVisitor<v8::internal::MarkingState> >(v8::internal::HeapObject, int, int, v8::internal::MainMarkingVisitor<v8::internal::MarkingState>*)',
      'v8::internal::Sweeper::RawSweep(v8::internal::Page*, v8::internal::FreeSpaceTreatmentMode, v8::internal::Sweeper::SweepingMode)',
      'v8::internal::MarkingBarrier::Write(v8::internal::HeapObject, v8::internal::FullHeapObjectSlot, v8::internal::HeapObject)',
      'v8::internal::Heap::CombinedGenerationalAndSharedEphemeronBarrierSlow(v8::internal::EphemeronHashTable, unsigned long, v8::internal::HeapObject)',
      'v8::internal::Evacuator::RawEvacuatePage(v8::internal::MemoryChunk*, long*)',
    ]) {
      expect(COLLECTOR_FUNCTION.test(name), name).toBe(true);
    }
    for (const name of [
      'v8::internal::FreeListManyCached::Allocate(unsigned long, unsigned long*, v8::internal::AllocationOrigin)',
      'v8::internal::HeapObject::SizeFromMap(v8::internal::Map) const',
      'v8::internal::compiler::ScheduleLateNodeVisitor::SplitNode(v8::internal::compiler::BasicBlock*, v8::internal::compiler::Node*)',
      'Builtins_LoadIC_Megamorphic',
      'v8::internal::Parser::ParseFunctionLiteral()',
      '__memcpy_avx_unaligned_erms',
    ]) {
      expect(COLLECTOR_FUNCTION.test(name), name).toBe(false);
    }
  });
});
