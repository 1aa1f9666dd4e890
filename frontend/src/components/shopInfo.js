// The shop's brand and links: the footer's tagline, social icons and website. The
// seller's own details (legal name, address, GSTIN, customer care, grievance officer)
// come from the server (features/shop/useShopInfo.js), where the operator edits them.
export const SHOP = {
  name: 'ShopSphere',
  tagline: 'Explore our range, shop with confidence and stay up to date on the latest tech.',
  site: 'https://shopsphere.example.com',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'X', href: 'https://x.com/' },
  ],
};
