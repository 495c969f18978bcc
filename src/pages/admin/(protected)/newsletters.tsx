import { PlaceholderScreen } from '../../../admin/placeholders/coming-soon-page.tsx';

export default function NewslettersPage() {
  return <PlaceholderScreen name="newsletters" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
