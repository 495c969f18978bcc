import type { ReactNode } from 'react';

export default async function RootElement({ children }: { children: ReactNode }) {
  return (
    // Theme default light, applied through the class attribute (docs/product.md §9).
    <html lang="en" className="light">
      {/* The favicon is the coach's choice (src/components/layout/brand-theme.tsx), hoisted here. */}
      <head />
      <body>{children}</body>
    </html>
  );
}

export const getConfig = async () => ({ render: 'static' }) as const;
