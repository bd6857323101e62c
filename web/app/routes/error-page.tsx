/** The error page of both specs: one not-found style picture and no text. */
export const meta = () => [{ title: '出错了' }];

export default function ErrorPage() {
  return (
    <main id="main" className="error-page">
      <img src="/images/not-found.svg" alt="" width={420} height={300} />
    </main>
  );
}
