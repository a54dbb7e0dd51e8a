// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawRoute, holder, SLOW, serverFailure } from '../../test-support/draw-route.tsx';
import { fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, enSpec } from '../../test-support/render-screen.tsx';

const collection = {
  id: 4,
  name: 'Autumn',
  description: '',
  owner: 'ada',
  sharedWithGroupId: null,
  modifiable: false,
  public: false,
  bundle: false,
  expiresAt: null,
  assetCount: 0,
};
const cart = { id: 9, name: 'Print run', assetCount: 0 };
const loading = () => screen.findByLabelText(en('app.loading'), {}, SLOW);
const alertText = async () => (await screen.findByRole('alert', {}, SLOW)).textContent;

describe('Collections', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'collections' });
    expect(await loading()).toBeTruthy();
  });
  it('says there are none', async () => {
    fakeApi({ 'GET /collections': [], 'GET /groups/mine': [] });
    drawRoute({ name: 'collections' });
    expect(await screen.findByText(en('collections.empty'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /collections': serverFailure, 'GET /groups/mine': [] });
    drawRoute({ name: 'collections' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
  it('offers New collection only to someone who may modify collections', async () => {
    fakeApi({ 'GET /collections': [collection], 'GET /groups/mine': [] });
    drawRoute({ name: 'collections' }, holder([]));
    expect(await screen.findByText('Autumn', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('collections.new') })).toBeNull();
  });
});

describe('A collection', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'collection', id: 4 });
    expect(await loading()).toBeTruthy();
  });
  it('says it holds no assets', async () => {
    fakeApi({
      'GET /collections': [collection],
      'GET /groups/mine': [],
      'GET /collections/4/assets': { items: [] },
    });
    drawRoute({ name: 'collection', id: 4 });
    expect(await screen.findByText(en('collections.collectionEmpty'), {}, SLOW)).toBeTruthy();
  });
  it('says one I cannot see is not found', async () => {
    fakeApi({ 'GET /collections': [], 'GET /groups/mine': [], 'GET /collections/4/assets': { items: [] } });
    drawRoute({ name: 'collection', id: 4 });
    expect(await alertText()).toContain(enSpec('collectionNotFound'));
  });
  it("shows the server's message", async () => {
    fakeApi({
      'GET /collections': serverFailure,
      'GET /groups/mine': [],
      'GET /collections/4/assets': NEVER,
    });
    drawRoute({ name: 'collection', id: 4 });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});

describe('Carts', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'carts' });
    expect(await loading()).toBeTruthy();
  });
  it('says there are none, with New cart', async () => {
    fakeApi({ 'GET /carts': [] });
    drawRoute({ name: 'carts' });
    expect(await screen.findByText(en('carts.empty'), {}, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: en('carts.new') })).toHaveLength(2);
  });
  it('says the current cart is empty', async () => {
    fakeApi({ 'GET /carts': [cart], 'GET /carts/9/assets': { items: [] } });
    drawRoute({ name: 'carts' });
    expect(await screen.findByText(en('carts.cartEmpty'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /carts': serverFailure });
    drawRoute({ name: 'carts' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});

describe('Loading Dock', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'loading-dock' });
    expect(await loading()).toBeTruthy();
  });
  it('says nothing is prepared', async () => {
    fakeApi({ 'GET /loading-dock': [], 'GET /carts': [] });
    drawRoute({ name: 'loading-dock' });
    expect(await screen.findByText(en('dock.empty'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /loading-dock': serverFailure, 'GET /carts': [] });
    drawRoute({ name: 'loading-dock' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
  it('tells someone without a download permission', async () => {
    fakeApi({ 'GET /loading-dock': [], 'GET /carts': [] });
    drawRoute({ name: 'loading-dock' }, holder([]));
    expect(await screen.findByText(enSpec('noPermission'), {}, SLOW)).toBeTruthy();
  });
});
