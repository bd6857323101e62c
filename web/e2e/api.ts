import { expect, type APIRequestContext } from '@playwright/test';

/** One API call as the pages make it (form-encoded POST); returns `data` of a status-0 answer. */
export async function api<T>(
  request: APIRequestContext,
  path: string,
  form: Record<string, string | number> = {},
  token?: string,
): Promise<T> {
  const response = await request.post(`/api/${path}`, {
    form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { status: number; msg: string; data: T };
  expect(body.status, `${path}: ${body.msg}`).toBe(0);
  return body.data;
}

export interface ListItem {
  newId: number;
  newsTitle: string;
  typeId: number;
  createStaff: number | null;
  newcontenttype: number;
}

export const newsList = (request: APIRequestContext, typeId: number, pageSize = 50) =>
  api<{ total: number; list: ListItem[] }>(request, 'news/getNewsList', {
    typeId,
    pageSize,
    enableType: 1,
  });

export async function loginToken(
  request: APIRequestContext,
  staffCode: string,
  staffPass: string,
  staffType: number,
) {
  return api<{ token: string; staffId: number }>(request, 'login/login', {
    staffCode,
    staffPass,
    staffType,
    platformType: 0,
  });
}
