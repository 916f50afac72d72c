/** The named permission flags routes and menus check (SPEC §6), from the effective scope list. */
export interface PermissionFlags {
  billRead: boolean;
  billWrite: boolean;
  documentsRead: boolean;
  documentsWrite: boolean;
  invoiceRead: boolean;
  invoiceWrite: boolean;
  costRead: boolean;
  costWrite: boolean;
  approveCost: boolean;
  validateInvoice: boolean;
  closeInvoice: boolean;
  paymentRead: boolean;
  paymentWrite: boolean;
  createReport: boolean;
  adminCompany: boolean;
  adminProject: boolean;
  adminCostType: boolean;
  adminService: boolean;
  adminUser: boolean;
  /** The admin scope itself: exchange rates (issue 15; not a route of SPEC §2). */
  admin: boolean;
}

export type Permission = keyof PermissionFlags;

/** The scope each flag needs. The server has already applied implications (admin ⇒ all, …). */
export const FLAG_SCOPES: Record<Permission, string> = {
  billRead: 'bill:read',
  billWrite: 'bill:write',
  documentsRead: 'documents:read',
  documentsWrite: 'documents:write',
  invoiceRead: 'invoice:read',
  invoiceWrite: 'invoice:write',
  costRead: 'cost:read',
  costWrite: 'cost:write',
  approveCost: 'approve_cost',
  validateInvoice: 'validate_invoice',
  closeInvoice: 'close_invoice',
  paymentRead: 'payment:read',
  paymentWrite: 'payment:write',
  createReport: 'create_report',
  adminCompany: 'admin:company',
  adminProject: 'admin:project',
  adminCostType: 'admin:cost_type',
  adminService: 'admin:service',
  adminUser: 'admin:user',
  admin: 'admin',
};

export function permissionFlags(
  effectiveScopes: readonly string[] | null | undefined,
): PermissionFlags {
  const scopes = new Set(effectiveScopes ?? []);
  return Object.fromEntries(
    Object.entries(FLAG_SCOPES).map(([flag, scope]) => [flag, scopes.has(scope)]),
  ) as unknown as PermissionFlags;
}

export function hasAnyPermission(flags: PermissionFlags): boolean {
  return Object.values(flags).some(Boolean);
}
