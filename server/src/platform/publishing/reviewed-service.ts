import type { AuthStaff } from '../auth/session.js';
import type { SensitiveConsent } from '../content/sensitive-words.js';
import type { ReviewedItems } from './workflow-routes.js';
import type { ReviewRow, ReviewWorkflow } from './workflow.js';

/**
 * The review steps of a reviewed kind's platform service (news, videos):
 * each step is the kind's workflow's (workflow.ts), offered on the service
 * that the routes, the seed and the tests hold.
 */
export abstract class ReviewedService<
  Row extends ReviewRow,
  State,
> implements ReviewedItems<State> {
  /** The review steps and the one deletion path of the kind. */
  protected abstract readonly review: ReviewWorkflow<Row, State>;

  submit(id: number, staff: AuthStaff, ip: string | null, consent?: SensitiveConsent) {
    return this.review.submit(id, staff, ip, consent);
  }

  approve(id: number, staff: AuthStaff, ip: string | null, consent?: SensitiveConsent) {
    return this.review.approve(id, staff, ip, consent);
  }

  reject(id: number, reason: string, staff: AuthStaff, ip: string | null) {
    return this.review.reject(id, reason, staff, ip);
  }

  shelve(id: number, staff: AuthStaff, ip: string | null, consent?: SensitiveConsent) {
    return this.review.shelve(id, staff, ip, consent);
  }

  unshelve(id: number, staff: AuthStaff, ip: string | null) {
    return this.review.unshelve(id, staff, ip);
  }

  pin(id: number, ifTop: 0 | 1, staff: AuthStaff, ip: string | null) {
    return this.review.pin(id, ifTop, staff, ip);
  }
}
