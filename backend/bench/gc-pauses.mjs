// Preloaded into the API by a benchmark (`node --import=<this file>`): every garbage collection
// pause of the process, written to its stderr as one line, `gc-pause <epoch ms> <kind> <ms>`,
// which the benchmark reads to count the pauses of each case by their length. Node's own
// PerformanceObserver: no flag of the production process is changed, and the cost is one line
// per collection.
import { constants, PerformanceObserver } from 'node:perf_hooks';

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

new PerformanceObserver((list) => {
  const lines = list
    .getEntries()
    .map(
      (entry) =>
        `gc-pause ${(performance.timeOrigin + entry.startTime).toFixed(1)} ${KINDS[entry.detail?.kind] ?? 'other'} ${entry.duration.toFixed(3)}\n`,
    );
  process.stderr.write(lines.join(''));
}).observe({ entryTypes: ['gc'] });
