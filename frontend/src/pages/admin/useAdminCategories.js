// The category list for the admin product forms; a failed load says so (spec section 8).
import toast from '../../lib/toast';
import { getCategories } from '../../features/catalog/api';
import { MESSAGES } from '../../constants/messages';
import { useApi } from '../../lib/useApi';

const NONE = [];

export function useAdminCategories() {
  const { data } = useApi(
    () =>
      getCategories().then(({ data: body }) => (body?.success ? (body.category ?? NONE) : NONE)),
    [],
    {
      initialData: NONE,
      onError: (error) => {
        console.error(error);
        toast.error(MESSAGES.categoryLoadFailed);
      },
    },
  );
  return data;
}
