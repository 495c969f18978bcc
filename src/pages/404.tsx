import { NotFoundView } from '../components/not-found-view.tsx';

export default async function NotFoundPage() {
  return <NotFoundView />;
}

export const getConfig = async () => ({ render: 'static' }) as const;
