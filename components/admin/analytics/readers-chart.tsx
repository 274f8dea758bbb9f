'use client';

import { Area, AreaChart, CartesianGrid, XAxis, YAxis } from 'recharts';

import { ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart';
import { formatChartDay } from '@/lib/analytics/display';
import type { DailyPoint } from '@/lib/analytics/types';
import { formatLongDate } from '@/lib/format';

const READERS_CHART = {
  views: { label: 'Views', color: 'var(--primary)' },
  visitors: { label: 'Visitors', color: 'oklch(0.72 0.12 230)' },
} satisfies ChartConfig;

/**
 * The dashboard's views and visitors per day (issue 48). Admin only: imported from the admin dashboard alone,
 * so recharts stays out of the public pages' bundles. `title` names the chart for assistive technology; the
 * section renders the same figures as a table for screen readers.
 */
export function ReadersChart({ days, title }: { days: readonly DailyPoint[]; title: string }) {
  return (
    // Named as a figure on the server already: recharts draws the SVG (and its <title>) only in the browser.
    <ChartContainer config={READERS_CHART} role="figure" aria-label={title} className="aspect-auto h-64 w-full">
      <AreaChart data={[...days]} title={title} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="day" tickLine={false} axisLine={false} tickMargin={8} minTickGap={24} tickFormatter={formatChartDay} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
        <ChartTooltip content={<ChartTooltipContent indicator="line" labelFormatter={(day) => formatLongDate(String(day))} />} />
        <ChartLegend content={<ChartLegendContent />} />
        <Area dataKey="views" type="linear" stroke="var(--color-views)" fill="var(--color-views)" fillOpacity={0.2} isAnimationActive={false} />
        <Area dataKey="visitors" type="linear" stroke="var(--color-visitors)" fill="var(--color-visitors)" fillOpacity={0.2} isAnimationActive={false} />
      </AreaChart>
    </ChartContainer>
  );
}
