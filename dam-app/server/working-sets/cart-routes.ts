import {
  addCartAssets,
  createCart,
  deleteCart,
  listCartAssets,
  listCarts,
  removeCartAssets,
  renameCart,
} from '../../api/contract/working-sets-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as carts from './cart-service.ts';

export const cartRoutes = [
  bindEndpoint(listCarts, ({ services, principal }) => carts.listCarts(services, principal)),
  bindEndpoint(createCart, ({ services, principal, body }) =>
    carts.createCart(services, principal, body.name),
  ),
  bindEndpoint(renameCart, ({ services, principal, params, body }) =>
    carts.renameCart(services, principal, params.id, body.name),
  ),
  bindAction(deleteCart, ({ services, principal, params }) =>
    carts.deleteCart(services, principal, params.id),
  ),
  bindEndpoint(listCartAssets, async ({ services, principal, params }) => ({
    items: await carts.cartAssets(services, principal, params.id),
  })),
  bindEndpoint(addCartAssets, ({ services, principal, params, body }) =>
    carts.addToCart(services, principal, params.id, body),
  ),
  bindAction(removeCartAssets, ({ services, principal, params, body }) =>
    carts.removeFromCart(services, principal, params.id, body.ids),
  ),
];
