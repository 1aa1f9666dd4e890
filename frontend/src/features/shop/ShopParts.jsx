// Pieces that show the shop's details from shop-info: a placeholder while they load, the
// e-mail and phone links, and the grievance officer (Consumer Protection (E-Commerce)
// Rules 2020, rule 4(4): name, designation and contact details on the platform).
import { telHref } from './shopRules';

// Grey lines with a hidden "Loading ..." for screen readers; `widths` in percent. A
// second skeleton on the same screen passes `label={null}` and is not announced again.
export function ShopSkeleton({ widths = [80, 60, 70], label = 'Loading the shop’s details ...' }) {
  if (label === null) {
    return (
      <div aria-hidden="true" data-testid="shop-skeleton">
        {widths.map((width, index) => (
          <span key={index} className="skeleton-line" style={{ width: `${width}%` }} />
        ))}
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" data-testid="shop-skeleton">
      <span className="visually-hidden">{label}</span>
      {widths.map((width, index) => (
        <span key={index} className="skeleton-line" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}

export function MailLink({ email, className }) {
  return email ? (
    <a className={className} href={`mailto:${email}`}>
      {email}
    </a>
  ) : null;
}

export function PhoneLink({ phone, className }) {
  return phone ? (
    <a className={className} href={telHref(phone)}>
      {phone}
    </a>
  ) : null;
}

// The officer's name, designation, e-mail and phone, one per line.
export function GrievanceOfficer({ officer, linkClassName, showDesignation = true }) {
  if (!officer?.name) return null;
  return (
    <>
      <span className="d-block">
        {officer.name}
        {showDesignation && officer.designation ? `, ${officer.designation}` : ''}
      </span>
      {officer.email && (
        <span className="d-block">
          E-mail: <MailLink email={officer.email} className={linkClassName} />
        </span>
      )}
      {officer.phone && (
        <span className="d-block">
          Phone: <PhoneLink phone={officer.phone} className={linkClassName} />
        </span>
      )}
    </>
  );
}

// "4th Floor, ..., Bengaluru 560103, Karnataka": the street address with the state.
export function shopAddress(shop) {
  if (!shop) return '';
  return [shop.address, shop.state].filter(Boolean).join(', ');
}

// The customer care e-mail inside a sentence: the link once loaded, a short grey bar
// while loading, and "our customer care team" when the details could not be loaded.
export function CareEmail({ shop, loading }) {
  if (shop?.email) return <MailLink email={shop.email} />;
  if (loading) {
    return (
      <span
        className="skeleton-line d-inline-block align-middle mb-0"
        style={{ width: '12em' }}
        aria-label="Loading the e-mail address ..."
        role="img"
      />
    );
  }
  return <>our customer care team</>;
}
