// The courier and AWB of a move to Shipped. With couriers on file (the Django admin's,
// GET /couriers) the courier is a select of their names, whose tracking pages the buyer
// gets a link to, plus "Other courier" for a name typed in; without any (or until they
// load) it is a text field. Both stay optional, as the server takes them.
export const OTHER_COURIER = '__other__';

export default function ShipFields({
  id,
  couriers,
  courier,
  onCourier,
  other,
  onOther,
  awb,
  onAwb,
}) {
  const names = couriers.map((c) => c.name);
  const typed = other || (courier !== '' && !names.includes(courier));
  return (
    <>
      {names.length > 0 && (
        <div>
          <label htmlFor={`${id}-courier-choice`} className="form-label small mb-1">
            Courier (optional)
          </label>
          <select
            id={`${id}-courier-choice`}
            className="form-select form-select-sm w-auto"
            value={typed ? OTHER_COURIER : courier}
            onChange={(event) => {
              const value = event.target.value;
              onOther(value === OTHER_COURIER);
              onCourier(value === OTHER_COURIER ? '' : value);
            }}
          >
            <option value="">Not given</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={OTHER_COURIER}>Other courier ...</option>
          </select>
        </div>
      )}
      {(names.length === 0 || typed) && (
        <div>
          <label htmlFor={`${id}-courier`} className="form-label small mb-1">
            {names.length === 0 ? 'Courier (optional)' : 'Courier name'}
          </label>
          <input
            id={`${id}-courier`}
            className="form-control form-control-sm"
            maxLength={100}
            autoComplete="off"
            value={courier}
            onChange={(event) => onCourier(event.target.value)}
          />
        </div>
      )}
      <div>
        <label htmlFor={`${id}-awb`} className="form-label small mb-1">
          AWB / tracking number (optional)
        </label>
        <input
          id={`${id}-awb`}
          className="form-control form-control-sm"
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          value={awb}
          onChange={(event) => onAwb(event.target.value)}
        />
      </div>
    </>
  );
}
