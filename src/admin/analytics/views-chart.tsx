'use client';

import { useEffect, useRef } from 'react';
import { formatDay } from '#src/lib/format-date.ts';
import type { AnalyticsReport } from '#src/schemas/analytics.ts';

// The theme's primary and accent (src/styles.css): a canvas cannot read CSS variables by class.
const VIEWS = '#274170';
const VISITORS = '#c98d22';

/**
 * Page views and visitors per day as a line chart (Chart.js, loaded with this screen only: the
 * import below is its own chunk). The canvas keeps its height while the library loads.
 */
export function ViewsChart({ series }: { series: AnalyticsReport['series'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void (async () => {
      const { Chart, CategoryScale, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend } = await import(
        'chart.js'
      );
      if (cancelled || !canvas.current) return;
      Chart.register(CategoryScale, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);
      chart = new Chart(canvas.current, {
        type: 'line',
        data: {
          labels: series.map((day) => formatDay(day.day, 'shortDate')),
          datasets: [
            {
              label: 'Page views',
              data: series.map((day) => day.views),
              borderColor: VIEWS,
              backgroundColor: `${VIEWS}1a`,
              fill: true,
              tension: 0.3,
            },
            { label: 'Visitors', data: series.map((day) => day.visitors), borderColor: VISITORS, backgroundColor: VISITORS, tension: 0.3 },
          ],
        },
        options: {
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          plugins: { legend: { position: 'bottom' } },
        },
      });
    })();
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [series]);

  const views = series.reduce((sum, day) => sum + day.views, 0);
  return (
    <div className="relative h-64 w-full">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Page views and visitors per day from ${formatDay(series[0]!.day)} to ${formatDay(series.at(-1)!.day)}: ${views} views in all.`}
      />
    </div>
  );
}
