import { useEffect } from 'react';

// Page head defaults of the spec (section 1); each page may override title and description.
export const DEFAULT_META = {
  title: 'SHOPSPHERE - shop now',
  description: 'mern stack project',
  keywords: 'mern,react,node,mongodb',
  author: 'ShopSphere',
};

function setMeta(name, content) {
  let tag = document.head.querySelector(`meta[name="${name}"]`);
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
    setMeta('keywords', keywords || DEFAULT_META.keywords);
    setMeta('author', author || DEFAULT_META.author);
  }, [title, description, keywords, author]);
}
