import { lazy } from 'react';

// Every screen is its own chunk: the login page does not download the administration.
export const LoginScreen = lazy(() =>
  import('../screens/access/login-screen.tsx').then((m) => ({ default: m.LoginScreen })),
);
export const ForgotPasswordScreen = lazy(() =>
  import('../screens/access/forgot-password-screen.tsx').then((m) => ({ default: m.ForgotPasswordScreen })),
);
export const ResetPasswordScreen = lazy(() =>
  import('../screens/access/reset-password-screen.tsx').then((m) => ({ default: m.ResetPasswordScreen })),
);
export const CreateAccountScreen = lazy(() =>
  import('../screens/access/create-account-screen.tsx').then((m) => ({ default: m.CreateAccountScreen })),
);
export const ActivateScreen = lazy(() =>
  import('../screens/access/activate-screen.tsx').then((m) => ({ default: m.ActivateScreen })),
);
export const InvitationScreen = lazy(() =>
  import('../screens/access/invitation-screen.tsx').then((m) => ({ default: m.InvitationScreen })),
);
export const AppShell = lazy(() =>
  import('../screens/shell/app-shell.tsx').then((m) => ({ default: m.AppShell })),
);
export const HomeScreen = lazy(() =>
  import('../screens/shell/home-screen.tsx').then((m) => ({ default: m.HomeScreen })),
);
export const AccountSettingsScreen = lazy(() =>
  import('../screens/account/account-settings-screen.tsx').then((m) => ({
    default: m.AccountSettingsScreen,
  })),
);
export const ApiKeysScreen = lazy(() =>
  import('../screens/account/api-keys-screen.tsx').then((m) => ({ default: m.ApiKeysScreen })),
);
export const ChangePasswordScreen = lazy(() =>
  import('../screens/account/change-password-screen.tsx').then((m) => ({ default: m.ChangePasswordScreen })),
);
export const AdminScreen = lazy(() =>
  import('../screens/admin/admin-screen.tsx').then((m) => ({ default: m.AdminScreen })),
);
export const FolderScreen = lazy(() =>
  import('../screens/browse/folder-screen.tsx').then((m) => ({ default: m.FolderScreen })),
);
export const SearchScreen = lazy(() =>
  import('../screens/search/search-screen.tsx').then((m) => ({ default: m.SearchScreen })),
);
export const SavedSearchesScreen = lazy(() =>
  import('../screens/search/saved-searches-screen.tsx').then((m) => ({ default: m.SavedSearchesScreen })),
);
export const TaxonomyScreen = lazy(() =>
  import('../screens/search/taxonomy-screen.tsx').then((m) => ({ default: m.TaxonomyScreen })),
);

/**
 * Starts loading the shell and the library screen the address names while the session is still being checked, so
 * that a bookmarked folder does not wait for one chunk after another.
 */
export function preloadSignedIn(route: string): void {
  void import('../screens/shell/app-shell.tsx');
  if (route === 'folder' || route === 'home') void import('../screens/browse/folder-screen.tsx');
  if (route === 'search') void import('../screens/search/search-screen.tsx');
}
export const AssetScreen = lazy(() =>
  import('../screens/assets/asset-screen.tsx').then((m) => ({ default: m.AssetScreen })),
);
export const CompareScreen = lazy(() =>
  import('../screens/assets/compare-screen.tsx').then((m) => ({ default: m.CompareScreen })),
);
export const CollectionsScreen = lazy(() =>
  import('../screens/working-sets/collections-screen.tsx').then((m) => ({ default: m.CollectionsScreen })),
);
export const CollectionScreen = lazy(() =>
  import('../screens/working-sets/collection-screen.tsx').then((m) => ({ default: m.CollectionScreen })),
);
export const CartsScreen = lazy(() =>
  import('../screens/working-sets/carts-screen.tsx').then((m) => ({ default: m.CartsScreen })),
);
export const LoadingDockScreen = lazy(() =>
  import('../screens/working-sets/loading-dock-screen.tsx').then((m) => ({ default: m.LoadingDockScreen })),
);
