/**
 * A button's `loading` while its request runs, with the spinner shown only
 * after 200 ms: quick answers never flash it, and antd's spinner, whose
 * leave animation can miss its end when it starts and stops within a few
 * frames, never stays behind in the button's accessible name ("loading 保 存").
 */
export const slowLoading = (busy: boolean) => busy && { delay: 200 };
