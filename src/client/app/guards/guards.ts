import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import type { AccessGroup } from '../route-types';
import { RequireAccounting } from './require-accounting';
import { RequireSessionCheck } from './require-session-check';
import { RequireStaff } from './require-staff';
import { RequireUser } from './require-user';

/** One guard per access group; the router puts each group's pages below its guard. */
export const guards: Record<AccessGroup, ComponentType> = {
  public: Outlet,
  session: RequireSessionCheck,
  user: RequireUser,
  staff: RequireStaff,
  accounting: RequireAccounting,
};
