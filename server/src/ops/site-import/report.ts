import { SingleBar } from 'cli-progress';

/** What happened to an item: made here, changed here, left as it was, or not imported. */
export type Outcome = 'new' | 'updated' | 'unchanged' | 'failed';

export interface AreaCounts {
  new: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface Failure {
  area: string;
  /** The old site's address of what failed (an API call with its id, or a file). */
  address: string;
  reason: string;
}

export interface ReportData {
  areas: Record<string, AreaCounts>;
  failures: Failure[];
  seconds?: number;
}

/** Where progress goes: a bar per area on a terminal, plain lines otherwise (or nothing). */
export interface Progress {
  start(area: string, total: number): void;
  tick(): void;
  stop(): void;
}

export const silentProgress: Progress = { start() {}, tick() {}, stop() {} };

/** cli-progress bars on a TTY; one line per area (start and end) when the output is a file. */
export function consoleProgress(stream: NodeJS.WriteStream = process.stdout): Progress {
  let bar: SingleBar | undefined;
  let area = '';
  let done = 0;
  let total = 0;
  return {
    start(name, size) {
      area = name;
      done = 0;
      total = size;
      if (stream.isTTY) {
        bar = new SingleBar({
          format: `${name.padEnd(12, '　')} {bar} {value}/{total}`,
          stream,
          hideCursor: true,
        });
        bar.start(size, 0);
      } else stream.write(`${name}: ${size} 项…\n`);
    },
    tick() {
      done++;
      if (bar) {
        if (done > total) bar.setTotal(done);
        bar.increment();
      }
    },
    stop() {
      if (bar) bar.stop();
      else if (area) stream.write(`${area}: 完成 ${done} 项\n`);
      bar = undefined;
      area = '';
    },
  };
}

/** Counts per area and every failure; carried over when an interrupted run is taken up again. */
export class Report {
  readonly data: ReportData;

  constructor(previous?: ReportData) {
    this.data = { areas: { ...previous?.areas }, failures: [...(previous?.failures ?? [])] };
  }

  count(area: string, outcome: Outcome): void {
    const counts = (this.data.areas[area] ??= { new: 0, updated: 0, unchanged: 0, failed: 0 });
    counts[outcome]++;
  }

  /** An area starts again from zero (resumed mid-way: its items are counted again). */
  reset(area: string): void {
    delete this.data.areas[area];
    this.data.failures = this.data.failures.filter((failure) => failure.area !== area);
  }

  fail(area: string, address: string, reason: string, counted = true): void {
    if (counted) this.count(area, 'failed');
    this.data.failures.push({ area, address, reason });
  }

  /** The report as the command prints it. */
  text(dryRun: boolean): string {
    const lines = [dryRun ? '试运行（未写入任何内容）:' : '导入结果:'];
    lines.push('栏目'.padEnd(14, '　') + '新增  更新  未变  失败');
    for (const [area, c] of Object.entries(this.data.areas)) {
      const cells = [c.new, c.updated, c.unchanged, c.failed].map((n) => String(n).padStart(4));
      lines.push(area.padEnd(14, '　') + cells.join('  '));
    }
    if (this.data.failures.length) {
      lines.push(`失败 ${this.data.failures.length} 项:`);
      for (const f of this.data.failures) lines.push(`  [${f.area}] ${f.address}: ${f.reason}`);
    }
    if (this.data.seconds !== undefined) lines.push(`用时 ${this.data.seconds.toFixed(1)} 秒`);
    return lines.join('\n');
  }
}
