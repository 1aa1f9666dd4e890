// Test helper: a shop-info answer with the given changes (the shop's own keys merged).
export function shopInfoAnswer({ shop = {}, ...rest } = {}) {
  return {
    success: true,
    shop: {
      legalName: 'Sphere Retail Private Limited',
      tradeName: 'ShopSphere',
      address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru 560103',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      pincode: '560103',
      gstin: '29ABCDE1234F1Z5',
      email: 'care@sphere.example.in',
      phone: '+91 80 4567 8900',
      grievanceOfficer: {
        name: 'Meera Nair',
        designation: 'Head of Customer Experience',
        email: 'grievance@sphere.example.in',
        phone: '+91 80 4567 8999',
      },
      ...shop,
    },
    delivery: { charge: 49, freeFrom: 499 },
    codLimit: 50000,
    paymentMethods: ['cod'],
    invoices: true,
    pricesIncludeTax: true,
    ...rest,
  };
}
