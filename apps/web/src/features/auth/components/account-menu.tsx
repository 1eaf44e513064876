import type { User } from '@supabase/supabase-js';
import { Gem, LifeBuoy, LogOut, Settings, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
// Initialises i18next: this chunk also renders on the landing page, outside the app shell.
import '@/lib/i18n';
import { useSignOut } from '../hooks/use-sign-out';
import { getDisplayName, getInitials } from '@/lib/user-display';

/** The signed-in user menu: avatar with two initials; name, e-mail, Perfil, Planos, Configurações, Ajuda, Sair. */
function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const name = getDisplayName(user);
  const initials = getInitials(user);
  // The open menu stays inside the top bar's landmark (a menu portalled to <body> would be content outside every one).
  const [container, setContainer] = useState<HTMLSpanElement | null>(null);
  return (
    <span ref={setContainer} className="contents">
      <DropdownMenu modal={false}>
        {/* The name starts with the initials it shows (WCAG 2.5.3: a speech user says what they see, and axe ignores
            a parenthesis); a 44 px circle around the 36 px avatar, for a finger. */}
        <DropdownMenuTrigger
          aria-label={t('userMenu.open', { name, initials })}
          className="flex size-11 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <Avatar className="size-9 ring-1 ring-primary/40">
            <AvatarFallback className="bg-gradient-to-br from-primary/45 to-primary/15 text-[0.8rem] font-semibold tracking-wide text-foreground">
              {initials}
            </AvatarFallback>
          </Avatar>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60" container={container}>
          <DropdownMenuLabel className="flex flex-col gap-0.5 py-2">
            <span className="truncate font-semibold">{name}</span>
            {user.email ? (
              <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
            ) : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuItem asChild>
              <Link to="/app/profile">
                <UserRound aria-hidden="true" />
                {t('userMenu.profile')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/app/plans">
                <Gem aria-hidden="true" />
                {t('billing.menu')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/app/settings">
                <Settings aria-hidden="true" />
                {t('userMenu.settings')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/app/help">
                <LifeBuoy aria-hidden="true" />
                {t('support.menu')}
              </Link>
            </DropdownMenuItem>
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" />
            {t('userMenu.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </span>
  );
}

export default AccountMenu;
