import { z } from 'zod';
import { crmType } from './crm-base';
import { catalogueScope } from './crm-fields';

/**
 * The install base (issue 14; docs/decisions/0034-install-base.md): the instruments each account owns, where
 * they stand, since when, and the service plan that covers them. The parts configurator, the support page
 * (a case names an instrument's serial) and e-learning (courses for the instruments a lab owns) read it.
 */

export const INSTALL_BASE_STATUSES = ['Active', 'Decommissioned'] as const;
export type InstallBaseStatus = (typeof INSTALL_BASE_STATUSES)[number];

export const installedInstrumentSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  /** The model as sold: its SKU in the storefront's catalogue and its name. */
  modelSku: z.string(),
  modelName: z.string(),
  /** Where it stands: a lab or room and its building. */
  site: z.string(),
  /** YYYY-MM-DD. */
  installedOn: z.string(),
  /** The service plan covering it; null: repairs on time and materials. */
  serviceContract: z.string().nullable(),
  contractEndsOn: z.string().nullable(),
  status: z.enum(INSTALL_BASE_STATUSES),
});
export type InstalledInstrument = z.infer<typeof installedInstrumentSchema>;

export const INSTALL_BASE_CRM_TYPES = {
  /** The instruments of the account the call acts for, active ones first, then by model and serial. */
  getInstallBase: crmType({
    group: 'ibmanager',
    cacheable: false,
    method: 'POST',
    payload: z.object(catalogueScope),
    answer: z.object({ instruments: z.array(installedInstrumentSchema) }),
  }),
};
