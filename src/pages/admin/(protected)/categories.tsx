import { PlaceholderScreen } from '../../../admin/placeholders/coming-soon-page.tsx';

export default function CategoriesPage() {
  return <PlaceholderScreen name="categories" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
