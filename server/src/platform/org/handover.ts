import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A person in a handover: the leaver or the receiver. */
export interface HandoverPerson {
  id: number;
  name: string;
}

/** What the administrator chose: live share links move to the receiver, or end. */
export type HandoverShares = 'move' | 'end';

/** One handover, as each area's step sees it: inside the handover's one transaction. */
export interface HandoverContext {
  trx: Kysely<Database>;
  from: HandoverPerson;
  to: HandoverPerson;
  shares: HandoverShares;
  now: Date;
}

/** A line of the report: what moved or ended, how many, their bytes, and up to 20 names. */
export interface HandoverLine {
  what: string;
  count: number;
  size: number | null;
  names: string[];
}

/** What one area's step did: its report lines, and the receiver's folder it filled, if any. */
export interface HandoverPart {
  lines: HandoverLine[];
  folderName?: string;
}

/** An area's part of a 离职交接 (the drive's disk, library uploads and share links). */
export interface HandoverStep {
  run(context: HandoverContext): Promise<HandoverPart>;
}

/** The names a report line shows at the most. */
export const HANDOVER_NAMES = 20;

/**
 * The parts of a 离职交接 that the areas register (the platform's user
 * management runs them in its one transaction, with the account's own part:
 * disabled, signed out, app passwords revoked). Areas never import each
 * other; each adds its step here when its services are made.
 */
export class Handovers {
  private readonly steps: HandoverStep[] = [];

  add(step: HandoverStep): void {
    this.steps.push(step);
  }

  /** Runs every step in `context.trx`, in the order they were added; a refusal ends them all. */
  async run(context: HandoverContext): Promise<HandoverPart> {
    const part: HandoverPart = { lines: [] };
    for (const step of this.steps) {
      const done = await step.run(context);
      part.lines.push(...done.lines);
      part.folderName ??= done.folderName;
    }
    return part;
  }
}
