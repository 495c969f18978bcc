import {
  CalendarCheck,
  CalendarClock,
  ChartColumn,
  Contact,
  FileText,
  FlaskConical,
  type IconNode,
  Image,
  Inbox,
  LayoutDashboard,
  ListTodo,
  Newspaper,
  PanelsTopLeft,
  Quote,
  Receipt,
  ScrollText,
  Send,
  Settings,
  ShieldCheck,
  Tags,
  UserCog,
  UsersRound,
} from 'lucide';

export interface AdminNavItem {
  label: string;
  href: string;
  /** Lucide's shapes: plain data, so the server hands them to the client menu. */
  icon: IconNode;
}

export interface AdminNavGroup {
  /** Read before the group's links (the list's name); none for Dashboard, on its own at the top. */
  label?: string;
  items: AdminNavItem[];
}

/** Where the Tests screen lives; the menu lists it only while Settings → Developer tools is on. */
export const TESTS_SCREEN = '/admin/test-results';

/**
 * The admin menu, grouped by what the coach is doing (issue 32 §2): Dashboard, then Content,
 * Audience, Calls and Site. The audit log is the owner's only; the developer-facing Tests screen
 * shows under Site once the owner turns developer tools on (its page stays reachable either way).
 */
export function adminMenu({ isOwner, developerTools }: { isOwner: boolean; developerTools: boolean }): AdminNavGroup[] {
  const site: Array<AdminNavItem | false> = [
    { label: 'Settings', href: '/admin/settings', icon: Settings },
    { label: 'Users', href: '/admin/users', icon: UserCog },
    { label: 'Privacy', href: '/admin/privacy', icon: ShieldCheck },
    isOwner && { label: 'Audit log', href: '/admin/audit', icon: ScrollText },
    { label: 'Outbox', href: '/admin/outbox', icon: Send },
    developerTools && { label: 'Tests', href: TESTS_SCREEN, icon: FlaskConical },
  ];
  return [
    { items: [{ label: 'Dashboard', href: '/admin', icon: LayoutDashboard }] },
    {
      label: 'Content',
      items: [
        { label: 'Posts', href: '/admin/posts', icon: FileText },
        { label: 'Categories', href: '/admin/categories', icon: Tags },
        { label: 'Pages', href: '/admin/pages', icon: PanelsTopLeft },
        { label: 'Schedule', href: '/admin/schedule', icon: CalendarClock },
        { label: 'Backlog', href: '/admin/blog-backlog', icon: ListTodo },
        { label: 'Media', href: '/admin/media', icon: Image },
        { label: 'Testimonials', href: '/admin/testimonials', icon: Quote },
      ],
    },
    {
      label: 'Audience',
      items: [
        { label: 'Subscribers', href: '/admin/subscribers', icon: UsersRound },
        { label: 'Newsletters', href: '/admin/newsletters', icon: Newspaper },
        { label: 'Analytics', href: '/admin/analytics', icon: ChartColumn },
        { label: 'Messages', href: '/admin/contact-messages', icon: Inbox },
      ],
    },
    {
      label: 'Calls',
      items: [
        { label: 'Booking', href: '/admin/booking', icon: CalendarCheck },
        { label: 'Clients', href: '/admin/clients', icon: Contact },
        { label: 'Payments', href: '/admin/payments', icon: Receipt },
      ],
    },
    { label: 'Site', items: site.filter((item) => item !== false) },
  ];
}

/** An item is current on its own screen and the screens under it (a post's editor under Posts); Dashboard only on /admin. */
export const isCurrentScreen = (href: string, path: string) =>
  href === '/admin' ? path === '/admin' : path === href || path.startsWith(`${href}/`);
