// One function per catalog call of the contract (reads used by the storefront).
import { apiClient } from '../../lib/apiClient';

const enc = encodeURIComponent;

export const getCategories = () => apiClient.get('/api/v1/category/get-category');
export const getCategory = (slug) => apiClient.get(`/api/v1/category/single-category/${enc(slug)}`);
export const getProductList = (page) => apiClient.get(`/api/v1/product/product-list/${page}`);
export const getProductCount = () => apiClient.get('/api/v1/product/product-count');
// `sort` (price-asc, price-desc) is sent only when given: without it the server's own
// order, newest first. `options` ({ Size: ['M'] }) likewise, only when given.
export const filterProducts = ({ checked, radio, page, sort, options }) =>
  apiClient.post('/api/v1/product/product-filters', {
    checked,
    radio,
    page,
    ...(sort ? { sort } : {}),
    ...(options ? { options } : {}),
  });
// The option values in use among the products of these categories and price, with counts.
export const getOptionFacets = ({ checked, radio }) =>
  apiClient.post('/api/v1/product/option-facets', { checked, radio });
export const getProducts = (page) =>
  apiClient.get('/api/v1/product/get-product', { params: page ? { page } : {} });
export const getProduct = (slug) => apiClient.get(`/api/v1/product/get-product/${enc(slug)}`);
export const getRelated = (productId, categoryId) =>
  apiClient.get(`/api/v1/product/related-product/${enc(productId)}/${enc(categoryId)}`);
// Always paged: without `page` the server answers every product of the category.
export const getCategoryProducts = (slug, page = 1) =>
  apiClient.get(`/api/v1/product/product-category/${enc(slug)}`, { params: { page } });
