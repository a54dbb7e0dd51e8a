import { useMutation } from '@tanstack/react-query';
import { logOut } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { useSetSession } from '../../api/session.ts';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';

export function useLogout() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: () => api.call(logOut),
    onSettled: () => {
      // The next person on this browser does not see the last one's notices.
      toaster.dismiss();
      setSession(null);
      navigate({ name: 'login' }, { replace: true, force: true });
    },
  });
}
