import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';

/**
 * The body of an authored item's save as the schema checks it. Forms send
 * `files` as JSON text in one field; JSON bodies send the array itself. An
 * empty shelvesDate is no date (a text field, which http/blank-fields.ts keeps
 * as ''). The other blank fields, `version` included: blank-fields.ts.
 * `filesMessage`: the kind's words for a files field that is not JSON.
 */
export const saveBody = (filesMessage: string) =>
  async function normaliseSaveBody(request: FastifyRequest) {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    if (body.shelvesDate === '') delete body.shelvesDate;
    if (typeof body.files === 'string') {
      if (!body.files.trim()) {
        body.files = [];
        return;
      }
      try {
        body.files = JSON.parse(body.files);
      } catch {
        throw badRequest(filesMessage);
      }
    }
  };
