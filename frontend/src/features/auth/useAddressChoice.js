// Where a signed-in shopper's order goes (the cart): one of the saved addresses (the one
// chosen while it still exists, else the default), or the profile's free-text address
// when none is saved. `add` saves a new address and chooses it; the first one becomes the
// default, and the stored user's `address` follows its text, as the server keeps it.
//
// Answers { saved, loaded, id, text, known, business, choose, add }: `saved` the list ([]
// while loading), `loaded` once it has answered, `id` the chosen address's id (undefined
// for the profile's text), `text` the address in one line, `known` whether there is one
// at all, `business` the chosen address's { gstin, businessName } when it keeps a GSTIN
// (else null).
import { useCallback, useState } from 'react';
import { useAuth } from './AuthContext';
import { createAddress } from './api';
import { addressText, defaultAddress } from './addresses';
import { useAddresses } from './useAddresses';

export function useAddressChoice(user) {
  const { setAuth } = useAuth();
  const { addresses, reload } = useAddresses({ enabled: Boolean(user) });
  const [chosenId, setChosenId] = useState(null);
  const saved = addresses ?? [];
  const chosen =
    saved.find((address) => String(address._id) === String(chosenId)) ?? defaultAddress(saved);

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
    text: chosen ? addressText(chosen) : (user?.address ?? ''),
    known: Boolean(chosen) || Boolean(user?.address),
    business: chosen?.gstin
      ? { gstin: chosen.gstin, businessName: chosen.businessName ?? '' }
      : null,
    choose: setChosenId,
    add,
  };
}
