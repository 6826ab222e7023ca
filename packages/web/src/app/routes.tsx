import { type Flow, type Permission, type Permissions } from '@knooppunt/domain';
import type { ComponentType, ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

export type MenuSection = keyof typeof LABELS.menu.sections;

/** The drawer's sections, in the order of spec 000 §2. */
export const MENU_SECTIONS: readonly MenuSection[] = ['aansluiting', 'hoofdnet', 'rules', 'users'];

/** Who may open a route: anyone, any signed-in user, or a user with one permission flag. */
export type RouteAccess = 'public' | 'authenticated' | Permission;

export interface AppRoute {
  path: string;
  access: RouteAccess;
  /**
   * Where the route shows in the drawer, and what the screen is for in one sentence (the start
   * page of a user without a monitoring right lists them); absent for routes not in the menu.
   */
  menu?: { section: MenuSection; label: string; description: string };
  /** Loads the screen as a chunk of its own. */
  screen: () => Promise<{ Component: ComponentType } | { element: ReactNode }>;
}

const configs = (flow: Flow) => async () => {
  const { ConfigsScreen } = await import('@/features/configs/components/configs-screen');
  // Keyed by flow: moving between the two screens starts the other one afresh.
  return { element: <ConfigsScreen key={flow} flow={flow} /> };
};

const opdrachten = (flow: Flow) => async () => {
  const { OpdrachtenScreen } = await import('@/features/opdrachten/components/opdrachten-screen');
  return { element: <OpdrachtenScreen key={flow} flow={flow} /> };
};

const berichten = (flow: Flow) => async () => {
  const { BerichtenScreen } = await import('@/features/berichten/components/berichten-screen');
  return { element: <BerichtenScreen key={flow} flow={flow} /> };
};

const uitval = (flow: Flow) => async () => {
  const { UitvalScreen } = await import('@/features/berichten/components/uitval-screen');
  return { element: <UitvalScreen key={flow} flow={flow} /> };
};

const scenario = async () => ({
  Component: (await import('@/features/scenarios/components/scenario-screen')).ScenarioScreen,
});

const home = async () => ({ Component: (await import('./pages/home-page')).HomePage });

/**
 * Every route of both specifications (spec 000 §2, spec 001 §2), in menu order. The router and
 * the drawer both read this table, so a link shows exactly when its route would let the user in.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/opdrachten',
    access: 'canViewMonitoring',
    menu: { section: 'aansluiting', label: LABELS.menu.opdrachten, description: LABELS.menu.descriptions.opdrachten },
    screen: opdrachten('aansluiting'),
  },
  {
    path: '/berichten',
    access: 'canViewMonitoring',
    menu: { section: 'aansluiting', label: LABELS.menu.berichten, description: LABELS.menu.descriptions.berichten },
    screen: berichten('aansluiting'),
  },
  {
    path: '/uitval',
    access: 'canViewUitval',
    menu: { section: 'aansluiting', label: LABELS.menu.uitval, description: LABELS.menu.descriptions.uitval },
    screen: uitval('aansluiting'),
  },
  {
    path: '/configs',
    access: 'canViewConfig',
    menu: { section: 'aansluiting', label: LABELS.menu.configs, description: LABELS.menu.descriptions.configs },
    screen: configs('aansluiting'),
  },
  {
    path: '/hoofdnet/opdrachten',
    access: 'canViewMonitoring',
    menu: {
      section: 'hoofdnet',
      label: LABELS.menu.opdrachten,
      description: LABELS.menu.descriptions.hoofdnetOpdrachten,
    },
    screen: opdrachten('hoofdnet'),
  },
  {
    path: '/hoofdnet/berichten',
    access: 'canViewMonitoring',
    menu: {
      section: 'hoofdnet',
      label: LABELS.menu.berichten,
      description: LABELS.menu.descriptions.hoofdnetBerichten,
    },
    screen: berichten('hoofdnet'),
  },
  {
    path: '/hoofdnet/leveringen',
    access: 'canViewMonitoring',
    menu: { section: 'hoofdnet', label: LABELS.menu.leveringen, description: LABELS.menu.descriptions.leveringen },
    screen: async () => ({
      Component: (await import('@/features/leveringen/components/leveringen-screen')).LeveringenScreen,
    }),
  },
  {
    path: '/hoofdnet/uitval',
    access: 'canViewUitval',
    menu: { section: 'hoofdnet', label: LABELS.menu.uitval, description: LABELS.menu.descriptions.hoofdnetUitval },
    screen: uitval('hoofdnet'),
  },
  {
    path: '/hoofdnet/configs',
    access: 'canViewConfig',
    menu: { section: 'hoofdnet', label: LABELS.menu.configs, description: LABELS.menu.descriptions.hoofdnetConfigs },
    screen: configs('hoofdnet'),
  },
  {
    path: '/zoeken',
    access: 'canAccessRules',
    menu: { section: 'rules', label: LABELS.menu.zoeken, description: LABELS.menu.descriptions.zoeken },
    screen: async () => ({ Component: (await import('@/features/zoeken/components/zoeken-screen')).ZoekenScreen }),
  },
  {
    path: '/scenarios',
    access: 'canAccessConceptScenarios',
    menu: { section: 'rules', label: LABELS.menu.scenarios, description: LABELS.menu.descriptions.scenarios },
    screen: async () => ({
      Component: (await import('@/features/scenarios/components/scenarios-screen')).ScenariosScreen,
    }),
  },
  {
    path: '/waardenlijsten',
    access: 'canAccessRules',
    menu: { section: 'rules', label: LABELS.menu.waardenlijsten, description: LABELS.menu.descriptions.waardenlijsten },
    screen: async () => ({
      Component: (await import('@/features/waardenlijsten/components/waardenlijsten-screen')).WaardenlijstenScreen,
    }),
  },
  {
    path: '/termijnen',
    access: 'canAccessRules',
    menu: { section: 'rules', label: LABELS.menu.termijnen, description: LABELS.menu.descriptions.termijnen },
    screen: async () => ({
      Component: (await import('@/features/termijnen/components/termijnen-screen')).TermijnenScreen,
    }),
  },
  {
    path: '/gebruikers',
    access: 'canViewUsers',
    menu: { section: 'users', label: LABELS.menu.gebruikers, description: LABELS.menu.descriptions.gebruikers },
    screen: async () => ({
      Component: (await import('@/features/gebruikers/components/gebruikers-screen')).GebruikersScreen,
    }),
  },
  {
    path: '/organisaties',
    access: 'canViewUsers',
    menu: { section: 'users', label: LABELS.menu.organisaties, description: LABELS.menu.descriptions.organisaties },
    screen: async () => ({
      Component: (await import('@/features/organisaties/components/organisaties-screen')).OrganisatiesScreen,
    }),
  },
  {
    path: '/clients',
    access: 'canManageClients',
    menu: { section: 'users', label: LABELS.menu.clients, description: LABELS.menu.descriptions.clients },
    screen: async () => ({
      Component: (await import('@/features/clients/components/clients-screen')).ClientsScreen,
    }),
  },
  {
    path: '/testtool',
    access: 'canSendTesttool',
    menu: { section: 'users', label: LABELS.menu.testtool, description: LABELS.menu.descriptions.testtool },
    screen: async () => ({
      Component: (await import('@/features/testtool/components/testtool-screen')).TesttoolScreen,
    }),
  },
  {
    path: '/auditlog',
    access: 'canViewAuditLog',
    menu: { section: 'users', label: LABELS.menu.auditlog, description: LABELS.menu.descriptions.auditlog },
    screen: async () => ({
      Component: (await import('@/features/auditlog/components/auditlog-screen')).AuditlogScreen,
    }),
  },
  { path: '/scenario/:id', access: 'canAccessRules', screen: scenario },
  { path: '/scenario/:id/compare/:compareId', access: 'canAccessRules', screen: scenario },
  {
    path: '/waardenlijst/:id',
    access: 'canAccessRules',
    screen: async () => ({
      Component: (await import('@/features/waardenlijsten/components/waardenlijst-screen')).WaardenlijstScreen,
    }),
  },
  { path: '/', access: 'authenticated', screen: home },
  { path: '/home', access: 'authenticated', screen: home },
  {
    path: '/callback',
    access: 'public',
    screen: async () => ({ Component: (await import('./pages/callback-page')).CallbackPage }),
  },
  {
    path: '/unauthorized',
    access: 'public',
    screen: async () => ({ Component: (await import('./pages/unauthorized-page')).UnauthorizedPage }),
  },
];

/** Whether a signed-in user with these permissions may open the route. */
export function mayOpen(route: AppRoute, permissions: Permissions): boolean {
  return route.access === 'public' || route.access === 'authenticated' || permissions[route.access];
}

/** The routes of the menu these permissions open, in menu order. */
export function menuRoutesFor(permissions: Permissions): (AppRoute & { menu: NonNullable<AppRoute['menu']> })[] {
  return APP_ROUTES.filter(
    (route): route is AppRoute & { menu: NonNullable<AppRoute['menu']> } =>
      route.menu !== undefined && mayOpen(route, permissions),
  );
}

/** Whether these permissions open any screen of the menu; without, the menu is empty. */
export function opensAnyScreen(permissions: Permissions): boolean {
  return menuRoutesFor(permissions).length > 0;
}
