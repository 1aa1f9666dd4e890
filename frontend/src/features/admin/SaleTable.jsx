// The sales table of the admin panel: name, what it takes off, what it covers (the whole
// shop, or how many categories and products), its window in the admin's local time, its
// state (Running, Scheduled, Ended or Paused), and per row Edit, Pause or Resume, and
// Delete (the page asks first). `busyId` is the sale being changed.
import { formatPrice } from '../../lib/format';
import { coverageText, saleDiscountText, saleStatus } from './sales';
import { windowText } from './promotions';
import PromotionTable, { RowActions, StatusBadge } from './PromotionTable';

const COLUMNS = ['Name', 'Discount', 'Covers', 'Window', 'Status', 'Actions'];

export default function SaleTable({ sales, loaded, busyId, onEdit, onToggle, onDelete }) {
  return (
    <PromotionTable
      columns={COLUMNS}
      count={sales.length}
      loaded={loaded}
      nouns={['sale', 'sales']}
    >
      {sales.map((sale) => (
        <tr key={sale._id}>
          <th scope="row">{sale.name}</th>
          <td>{saleDiscountText(sale, formatPrice)}</td>
          <td>{coverageText(sale)}</td>
          <td className="small">{windowText(sale)}</td>
          <td>
            <StatusBadge status={saleStatus(sale)} />
          </td>
          <td>
            <RowActions
              label={sale.name}
              active={sale.active}
              busy={busyId === sale._id}
              onEdit={() => onEdit(sale)}
              onToggle={() => onToggle(sale)}
              onDelete={() => onDelete(sale)}
            />
          </td>
        </tr>
      ))}
    </PromotionTable>
  );
}
