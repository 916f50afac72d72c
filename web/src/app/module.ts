import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '../session/permissions.ts';

/** One screen of SPEC §2: its path (inside the shell), title key and the permission it needs. */
export interface ScreenRoute {
  path: string;
  title: string;
  permission?: Permission;
  /** Path parameters that must be numeric (or a uuid where the id is one). */
  params?: Record<string, 'numeric' | 'uuid'>;
  component: LazyExoticComponent<ComponentType>;
}

/** An entry of the sidebar. */
export interface NavigationEntry {
  path: string;
  title: string;
  permission?: Permission;
  icon: SvgIconComponent;
}

/**
 * An area of the application (docs/web.md "Adding a screen"): its folder under web/src/features
 * exports one of these from index.ts, and web/src/app/modules.ts lists it. The router and the
 * sidebar are built from that list, nothing else.
 */
export interface FeatureModule {
  routes: ScreenRoute[];
  /** Its sidebar entry (in the order of the list of modules), if it has one. */
  navigation?: NavigationEntry;
}

const PATTERNS = {
  numeric: /^\d+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

export function paramsValid(
  route: ScreenRoute,
  params: Record<string, string | undefined>,
): boolean {
  return Object.entries(route.params ?? {}).every(([name, kind]) =>
    PATTERNS[kind].test(params[name] ?? ''),
  );
}
