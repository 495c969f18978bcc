'use client';

import { FlaskConical, LayoutGrid, ListChecks, LoaderCircle, RefreshCw } from 'lucide';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { TestSuite } from '#src/schemas/test-suite.ts';
import { type Tab, Tabs } from '../kit/tabs.tsx';
import { useAction } from '../kit/use-action.ts';
import { fetchSuites, initializeSuites } from './api.ts';
import { EMPTY_TITLE, INITIALIZE_FAILED, INITIALIZE_FAILED_TITLE, INITIALIZE_LABEL, INITIALIZED, LOAD_FAILED } from './messages.ts';
import { OverviewCounters } from './overview-counters.tsx';
import { overviewStats } from './overview-stats.ts';
import { SuiteCard } from './suite-card.tsx';
import { detailsSuiteOf, TestDetails } from './test-details.tsx';
import { useRunResults } from './use-run-results.ts';

type TabId = 'overview' | 'details';

export interface TestResultsAdminProps {
  initialSuites: TestSuite[];
  /** The server's clock at render time, so the recent-run counter hydrates to the same number. */
  renderedAt: number;
}

function EmptyState({ initializing, onInitialize }: { initializing: boolean; onInitialize: () => void }) {
  return (
    <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Icon shapes={FlaskConical} aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-xl font-semibold">{EMPTY_TITLE}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">
        Register the project's test suites and their key cases from the catalog kept with the tests. Runs appear here once a JUnit report is
        recorded.
      </p>
      <Button className="mt-6" onClick={onInitialize} disabled={initializing}>
        {initializing ? (
          <Icon shapes={LoaderCircle} aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Icon shapes={ListChecks} aria-hidden="true" className="size-4" />
        )}
        {initializing ? 'Initializing...' : INITIALIZE_LABEL}
      </Button>
    </div>
  );
}

/** docs/product.md §2 "Admin test results": the Overview and Test Details tabs over the suites and their latest runs. */
export function TestResultsAdmin({ initialSuites, renderedAt }: TestResultsAdminProps) {
  const [suites, setSuites] = useState(initialSuites);
  const [now, setNow] = useState(renderedAt);
  const [tab, setTab] = useState<TabId>('overview');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [detailsId, setDetailsId] = useState<number | undefined>();
  const initializing = useAction();
  const refreshing = useAction();
  const { resultsOf, load } = useRunResults(suites);
  const panelRef = useRef<HTMLDivElement>(null);
  const idBase = useId();

  /** New suites from the API; an open card or details view whose latest run changed fetches that run. */
  function applySuites(fresh: TestSuite[]) {
    setSuites(fresh);
    setNow(Date.now());
    for (const suite of fresh) if (suite.latestRun && expanded.has(suite.id)) load(suite.latestRun.id);
    const shown = detailsSuiteOf(fresh, detailsId)?.latestRun;
    if (tab === 'details' && shown) load(shown.id);
  }

  async function refresh() {
    await refreshing.run(async () => applySuites(await fetchSuites()), { failureTitle: LOAD_FAILED }, { stay: true });
  }

  async function initialize() {
    await initializing.run(
      async () => {
        try {
          const registered = await initializeSuites();
          applySuites(await fetchSuites());
          return registered;
        } catch {
          // The spec's fixed words ('Failed to initialize test suites'), whatever the server said.
          throw new Error(INITIALIZE_FAILED);
        }
      },
      {
        success: (registered) => ({
          title: INITIALIZED,
          description: `${registered.suites} suites with ${registered.cases} key test cases are registered.`,
        }),
        failureTitle: INITIALIZE_FAILED_TITLE,
        fallback: INITIALIZE_FAILED,
      },
      { stay: true },
    );
  }

  function loadDetailsOf(suiteId: number | undefined) {
    const run = detailsSuiteOf(suites, suiteId)?.latestRun;
    if (run) load(run.id);
  }

  function changeTab(next: TabId) {
    setTab(next);
    if (next === 'details') loadDetailsOf(detailsId);
  }

  function toggleTests(suite: TestSuite) {
    const next = new Set(expanded);
    if (next.has(suite.id)) next.delete(suite.id);
    else {
      next.add(suite.id);
      if (suite.latestRun) load(suite.latestRun.id);
    }
    setExpanded(next);
  }

  function showFullDetails(suite: TestSuite) {
    // Rendered at once so focus can move into the newly shown panel for keyboard and screen reader users.
    flushSync(() => {
      setDetailsId(suite.id);
      setTab('details');
    });
    if (suite.latestRun) load(suite.latestRun.id);
    panelRef.current?.focus();
  }

  const stats = overviewStats(suites, now);
  const tabs: Tab<TabId>[] = [
    {
      id: 'overview',
      label: 'Overview',
      icon: LayoutGrid,
      panel:
        suites.length === 0 ? (
          <EmptyState initializing={initializing.busy} onInitialize={() => void initialize()} />
        ) : (
          <div className="space-y-8">
            <OverviewCounters stats={stats} />
            <section aria-labelledby={`${idBase}-suites`}>
              <h2 id={`${idBase}-suites`} className="text-xl font-semibold">
                Test suites
              </h2>
              <ul className="mt-4 grid gap-4 lg:grid-cols-2">
                {suites.map((suite) => (
                  <SuiteCard
                    key={suite.id}
                    suite={suite}
                    expanded={expanded.has(suite.id)}
                    results={suite.latestRun ? resultsOf(suite.latestRun.id) : undefined}
                    onToggleTests={() => toggleTests(suite)}
                    onFullDetails={() => showFullDetails(suite)}
                  />
                ))}
              </ul>
            </section>
          </div>
        ),
    },
    {
      id: 'details',
      label: 'Test Details',
      icon: ListChecks,
      panel:
        suites.length === 0 ? (
          <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
            {EMPTY_TITLE}. Initialize them from the Overview tab.
          </p>
        ) : (
          <TestDetails
            suites={suites}
            selectedId={detailsId}
            onSelect={(suiteId) => {
              setDetailsId(suiteId);
              loadDetailsOf(suiteId);
            }}
            resultsOf={resultsOf}
          />
        ),
    },
  ];

  return (
    <div className="mt-8">
      <Tabs
        tabs={tabs}
        activeId={tab}
        onChange={changeTab}
        label="Test results"
        panelRef={panelRef}
        actions={
          suites.length > 0 && (
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing.busy}>
              <Icon shapes={RefreshCw} aria-hidden="true" className={refreshing.busy ? 'size-4 animate-spin' : 'size-4'} />
              {refreshing.busy ? 'Refreshing...' : 'Refresh'}
            </Button>
          )
        }
      />
    </div>
  );
}
