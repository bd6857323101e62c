import type { TodoNum } from '@school/common/api';
import type { AuthStaff } from '../auth/session.js';

/** One area's part of the to-do counts: what waits in it for this person. */
export type TodoPart = (staff: AuthStaff) => Promise<Partial<TodoNum>>;

/**
 * The staff home's to-do counts (intranet.md §7 "to-do counts", the to-do
 * block of teachPage): each area adds what waits in it (leave: the requests
 * waiting for the person's decision; the content platform: the picture
 * review; the platform: viruses found, for system administrators), and a count no area gives is 0 with no address.
 */
export class TodoCounts {
  private readonly parts: TodoPart[] = [];

  add(part: TodoPart): void {
    this.parts.push(part);
  }

  /** Adds a part, answering the counts (the platform's own parts, as it is made). */
  with(part: TodoPart): this {
    this.add(part);
    return this;
  }

  async counts(staff: AuthStaff): Promise<TodoNum> {
    const found = await Promise.all(this.parts.map((part) => part(staff)));
    return Object.assign(
      { leaveNum: 0, picNum: 0, leaveUrl: '', picUrl: '', virusNum: 0, virusUrl: '' },
      ...found,
    );
  }
}
