// The category list for the admin product forms; a failed load says so (spec section 8).
import { useEffect, useState } from 'react';
import toast from '../../lib/toast';
import { getCategories } from '../../features/catalog/api';
import { MESSAGES } from '../../constants/messages';

export function useAdminCategories() {
  const [categories, setCategories] = useState([]);
  useEffect(() => {
    let current = true;
    getCategories()
      .then(({ data }) => {
        if (current && data?.success) setCategories(data.category ?? []);
      })
      .catch((error) => {
        console.error(error);
        if (current) toast.error(MESSAGES.categoryLoadFailed);
      });
    return () => {
      current = false;
    };
  }, []);
  return categories;
}
