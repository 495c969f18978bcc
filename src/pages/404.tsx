import { Link } from 'waku';

export default async function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <title>404 Page Not Found</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Error 404</p>
      <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-muted">Did you forget to add the page to the router?</p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center rounded-control bg-primary-800 px-5 py-3 text-sm font-semibold text-white hover:bg-primary-700"
      >
        Back to home
      </Link>
    </section>
  );
}

export const getConfig = async () => ({ render: 'static' }) as const;
