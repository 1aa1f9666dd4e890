// The shop's own contact details and links, shown in the footer and on the info pages.
export const SHOP = {
  name: 'ShopSphere',
  tagline: 'Explore our range, shop with confidence and stay up to date on the latest tech.',
  email: 'support@shopsphere.example.com',
  phone: '+91 80 4567 8900',
  tollFree: '1800 200 7788',
  site: 'https://shopsphere.example.com',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru 560103, Karnataka',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'X', href: 'https://x.com/' },
  ],
};
