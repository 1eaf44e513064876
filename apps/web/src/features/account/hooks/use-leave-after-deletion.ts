// After 'Excluir conta' succeeded: the session forgotten on this device, and off to the landing page with a toast.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { forgetSessionData } from '@/lib/session-data';
import { beginSignOut } from '@/lib/sign-out-intent';
import { signOutLocally } from '../api/use-delete-account';

export function useLeaveAfterDeletion() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);

  const leave = async () => {
    // The account is gone: forget the session here, and leave for the landing page instead of /login.
    setIsLeaving(true);
    beginSignOut();
    try {
      await signOutLocally();
    } catch (error) {
      // The session is dead on the server anyway; what is left on this device is harmless.
      console.error('Local sign-out after account deletion failed:', error);
    }
    forgetSessionData();
    // The flag ends when the app arrives at '/' (useAuthRedirects), as after 'Sair'.
    await navigate('/', { replace: true });
    toast.success(t('account.delete.deleted'), { description: t('account.delete.deletedText') });
  };

  return { isLeaving, leave };
}
