import { Bone, SkeletonList } from '#src/components/ui/skeleton.tsx';

/** Admin → Payments while the server reads the ledger: its panel, filters, totals and five rows. */
export function PaymentsAdminSkeleton() {
  return (
    <section aria-busy="true" aria-label="Loading payments" className="mt-6 rounded-card border border-line bg-surface shadow-sm">
      <div className="flex flex-col gap-4 border-b border-line px-4 py-4 sm:px-6">
        <div>
          <Bone className="h-7 w-56" strong />
          <Bone className="mt-0.5 h-5 w-20" />
        </div>
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem] lg:grid-cols-[minmax(0,1fr)_11rem_9rem_11rem]">
          {[0, 1, 2, 3].map((index) => (
            <Bone key={index} className="h-11 rounded-control" />
          ))}
        </div>
      </div>
      <div className="grid gap-3 border-b border-line px-4 py-4 sm:grid-cols-3 sm:px-6">
        {[0, 1, 2].map((index) => (
          <Bone key={index} className="h-[4.75rem] rounded-card" />
        ))}
      </div>
      <SkeletonList count={5} className="divide-y divide-line">
        <li className="flex items-start justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="w-2/3 space-y-2">
            <Bone className="h-5 w-40" strong />
            <Bone className="h-4 w-full max-w-72" />
            <Bone className="h-3 w-32" />
          </div>
          <Bone className="h-5 w-20" />
        </li>
      </SkeletonList>
    </section>
  );
}
