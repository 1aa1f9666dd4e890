// The coupons table of the admin panel: code, what it takes off (and on what conditions),
// its window, uses against the limit, what it has given, its state, and per row Edit,
// Pause or Resume, and Delete (the page asks first). `busyId` is the coupon being changed.
import { formatPrice } from '../../lib/format';
import { conditionsText, couponStatus, discountText, usageText } from './coupons';
import { windowText } from './promotions';
import PromotionTable, { RowActions, StatusBadge } from './PromotionTable';

const COLUMNS = [
  'Code',
  'Discount',
  'Window',
  'Used / limit',
  'Discount given',
  'Status',
  'Actions',
];

export default function CouponTable({ coupons, loaded, busyId, onEdit, onToggle, onDelete }) {
  return (
    <PromotionTable
      columns={COLUMNS}
      count={coupons.length}
      loaded={loaded}
      nouns={['coupon', 'coupons']}
    >
      {coupons.map((coupon) => {
        const conditions = conditionsText(coupon, formatPrice);
        return (
          <tr key={coupon._id}>
            <th scope="row">
              <code className="fs-6">{coupon.code}</code>
            </th>
            <td>
              {discountText(coupon, formatPrice)}
              {conditions && <div className="small text-body-secondary">{conditions}</div>}
            </td>
            <td className="small">{windowText(coupon)}</td>
            <td>{usageText(coupon)}</td>
            <td>{formatPrice(coupon.discountGiven ?? 0)}</td>
            <td>
              <StatusBadge status={couponStatus(coupon)} />
            </td>
            <td>
              <RowActions
                label={coupon.code}
                active={coupon.active}
                busy={busyId === coupon._id}
                onEdit={() => onEdit(coupon)}
                onToggle={() => onToggle(coupon)}
                onDelete={() => onDelete(coupon)}
              />
            </td>
          </tr>
        );
      })}
    </PromotionTable>
  );
}
