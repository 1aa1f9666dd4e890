// When chart.js cannot be fetched (offline, a deploy replaced its chunk), the chart says so
// and the tables beside it stay; the next chart tries again.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import SalesTaxChart, { chartData } from './SalesTaxChart';

vi.mock('chart.js', () => {
  throw new Error('Loading chunk 348 failed.');
});

describe('Sales and tax chart', () => {
  it('says the chart could not be loaded, pointing to the tables', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SalesTaxChart byState={[]} label="Bar chart" />);
    expect(
      await screen.findByText('The chart could not be loaded; the figures are in the tables.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('charts each state by its name, or its code when the name is missing', () => {
    const data = chartData([
      { stateCode: '07', state: 'Delhi', taxableValue: 100, tax: 18 },
      { stateCode: '97', state: '', taxableValue: '50.5', tax: '9.09' },
    ]);
    expect(data.labels).toEqual(['Delhi', '97']);
    expect(data.datasets[0].data).toEqual([100, 50.5]);
    expect(data.datasets[1].data).toEqual([18, 9.09]);
  });
});
