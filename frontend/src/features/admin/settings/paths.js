// The Shop settings screen's address. Kept in the admin chunk, not in config/paths.js:
// that module is in the first bundle, which has no bytes to spare.
export const SHOP_SETTINGS_PATH = '/dashboard/admin/settings';
