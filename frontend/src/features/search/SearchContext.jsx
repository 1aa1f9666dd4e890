// Search state of spec section 3: the keyword as typed and the last results.
import { createContext, useContext, useMemo, useState } from 'react';

const SearchContext = createContext(null);

export function SearchProvider({ children }) {
  const [values, setValues] = useState({ keyword: '', results: [] });
  const value = useMemo(() => ({ values, setValues }), [values]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export function useSearch() {
  const context = useContext(SearchContext);
  if (!context) throw new Error('useSearch must be used inside <SearchProvider>');
  return context;
}
