'use client';

import { Link, useRouter } from 'waku';
import { cn } from '#src/lib/cn.ts';

export interface AdminNavItem {
  label: string;
  href: string;
}

const isCurrent = (href: string, path: string) => (href === '/admin' ? path === '/admin' : path === href || path.startsWith(`${href}/`));

export function AdminNav({ items }: { items: AdminNavItem[] }) {
  const { path } = useRouter();
  return (
    <nav aria-label="Admin" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1 whitespace-nowrap">
        {items.map((item) => {
          const current = isCurrent(item.href, path);
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'block rounded-control px-3 py-2 text-sm font-medium',
                  current ? 'bg-primary-800 text-white' : 'text-primary-100 hover:bg-primary-800/60 hover:text-white',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
