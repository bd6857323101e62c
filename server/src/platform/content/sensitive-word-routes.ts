import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allowedPhraseCalls, sensitiveWordCalls } from '@school/common/api';
import { staffOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import type { SensitiveWords } from './sensitive-words.js';

/**
 * The sensitive-word list (content administrators: list, add, set a word's
 * level, delete), the allowed phrases (list, add, delete), and the check the
 * editor runs before a submit or publish (any staff member).
 */
export const sensitiveWordRoutes: FastifyPluginAsyncTypebox<{ words: SensitiveWords }> = async (
  app,
  { words },
) => {
  route(app, sensitiveWordCalls.list, async (request) => {
    const { keyword, pageNum, pageSize } = request.body;
    return ok(await words.list(keyword, { pageNum, pageSize }));
  });

  route(app, sensitiveWordCalls.add, async (request) => {
    const { word, level } = request.body;
    return ok(await words.add(word, level || 'block', staffOf(request), request.ip), '已添加');
  });

  route(app, sensitiveWordCalls.setLevel, async (request) => {
    const { wordId, level } = request.body;
    return ok(await words.setLevel(wordId, level, staffOf(request), request.ip), '已设置');
  });

  route(app, sensitiveWordCalls.remove, async (request) => {
    await words.remove(request.body.wordId, staffOf(request), request.ip);
    return ok(null, '已删除');
  });

  route(app, allowedPhraseCalls.list, async (request) => {
    const { keyword, pageNum, pageSize } = request.body;
    return ok(await words.phrases.list(keyword, { pageNum, pageSize }));
  });

  route(app, allowedPhraseCalls.add, async (request) =>
    ok(await words.phrases.add(request.body.phrase, staffOf(request), request.ip), '已添加'),
  );

  route(app, allowedPhraseCalls.remove, async (request) => {
    await words.phrases.remove(request.body.phraseId, staffOf(request), request.ip);
    return ok(null, '已删除');
  });

  route(app, sensitiveWordCalls.check, async (request) => {
    const { title, content } = request.body;
    const texts = [
      ...(title ? [{ field: 'title' as const, text: title }] : []),
      ...(content ? [{ field: 'content' as const, text: content }] : []),
    ];
    return ok({ hits: await words.check(texts) });
  });
};
