// A product's rating as a card shows it: "★ 4.3 (12)", read as "Rated 4.3 out of 5 by 12
// shoppers"; nothing before the first review. Text, not star pictures: it rides in the
// first bundle on every card.
export const ratingLabel = ({ average, count }) =>
  `Rated ${Number(average).toFixed(1)} out of 5 by ${count} ${count === 1 ? 'shopper' : 'shoppers'}`;

export default function RatingStars({ rating, className = 'small mb-1' }) {
  if (!(rating?.count > 0)) return null;
  return (
    <p className={className}>
      <span role="img" aria-label={ratingLabel(rating)}>
        <span className="text-warning">★</span> {Number(rating.average).toFixed(1)} ({rating.count})
      </span>
    </p>
  );
}
