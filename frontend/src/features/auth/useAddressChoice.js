// Where a signed-in shopper's order goes (the cart): one of the saved addresses (the one
// chosen while it still exists, else the default), or the profile's free-text address
// when none is saved. `add` saves a new address and chooses it; the first one becomes the
// default, and the stored user's `address` follows its text, as the server keeps it.
//
// An address whose PIN code the shop does not serve (deliveryChecks.js) is never chosen:
// the choice falls to the default, else the first saved address the shop is known to serve
// (its delivery answer has come); when it serves none of them there is no address to order
// to (`known` false, `unserved` true).
//
// Answers { saved, loaded, id, text, known, unserved, codPin, business, choose, add }:
// `saved` the list ([] while loading), `loaded` once it has answered, `id` the chosen
// address's id (undefined for the profile's text), `text` the address in one line, `known`
// whether there is one at all, `state` the chosen address's state (null for the profile's
// text), `codPin` the chosen address's PIN code when no cash is
// collected there (else null), `business` the chosen address's { gstin, businessName }
// when it keeps a GSTIN (else null).
import { useCallback, useState } from 'react';
import { useAuth } from './AuthContext';
import { createAddress } from './api';
import { addressText, defaultAddress } from './addresses';
import { useAddresses } from './useAddresses';
import { unserved, useDeliveries } from './deliveryChecks';

// `checkDelivery`: the shop's delivery call (the page hands it in); without it every saved
// address counts as served.
export function useAddressChoice(user, { checkDelivery = null } = {}) {
  const { setAuth } = useAuth();
  const { addresses, reload } = useAddresses({ enabled: Boolean(user) });
  const [chosenId, setChosenId] = useState(null);
  const saved = addresses ?? [];
  const deliveries = useDeliveries(
    saved.map((address) => address.pincode),
    checkDelivery,
  );
  const servable = saved.filter((address) => !unserved(deliveries, address));
  // Without a default (the server makes none of an address it does not serve), an address
  // is preselected only once the shop is known to deliver there.
  const servedKnown = (address) =>
    !checkDelivery || deliveries[String(address.pincode)]?.serviceable;
  const chosen =
    servable.find((address) => String(address._id) === String(chosenId)) ??
    defaultAddress(servable.filter((address) => address.isDefault)) ??
    servable.find(servedKnown) ??
    null;
  const noneServed = saved.length > 0 && servable.length === 0;
  const answer = chosen ? deliveries[String(chosen.pincode)] : undefined;

  const add = useCallback(
    async (payload) => {
      const { data } = await createAddress(payload);
      const added = data?.address;
      if (added?._id != null) setChosenId(added._id);
      // The first address becomes the default: the profile's address is now its text.
      if (added?.isDefault) {
        setAuth((current) => ({
          ...current,
          user: { ...current.user, address: addressText(added) },
        }));
      }
      reload();
    },
    [reload, setAuth],
  );

  return {
    saved,
    loaded: addresses !== null,
    id: chosen ? chosen._id : undefined,
    // With saved addresses, the order goes to one of them (none chosen yet: nowhere), never
    // to the profile's text.
    text: chosen ? addressText(chosen) : saved.length ? '' : (user?.address ?? ''),
    known: Boolean(chosen) || (!saved.length && Boolean(user?.address)),
    unserved: noneServed,
    state: chosen?.state ?? null,
    codPin: answer && answer.serviceable && !answer.cod ? String(chosen.pincode) : null,
    business: chosen?.gstin
      ? { gstin: chosen.gstin, businessName: chosen.businessName ?? '' }
      : null,
    choose: setChosenId,
    add,
  };
}
