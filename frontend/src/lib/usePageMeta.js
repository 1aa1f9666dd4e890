import { useEffect } from 'react';

// Page head defaults (spec section 1): the title stays; the description is the shop's own,
// as the server writes it (shop/views.py), and the leftover `mern,react,node,mongodb`
// keywords are gone. Each page may override title and description.
export const DEFAULT_META = {
  title: 'SHOPSPHERE - shop now',
  description:
    'ShopSphere: tech gadgets, electronics and clothing at prices in Indian rupees. ' +
    'Explore our range, shop with confidence and stay up to date on the latest tech.',
  author: 'ShopSphere',
};

function setMeta(name, content) {
  let tag = document.head.querySelector(`meta[name="${name}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute('name', name);
    document.head.appendChild(tag);
  }
  tag.setAttribute('content', content);
}

export function usePageMeta({ title, description, keywords, author } = {}) {
  useEffect(() => {
    document.title = title || DEFAULT_META.title;
    setMeta('description', description || DEFAULT_META.description);
    setMeta('keywords', keywords);
    setMeta('author', author || DEFAULT_META.author);
  }, [title, description, keywords, author]);
}
