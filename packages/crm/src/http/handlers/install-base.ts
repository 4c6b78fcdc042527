import type { InstalledInstrument } from '@storefront/contracts';
import { type InstallBaseRow, listInstallBase } from '../../db/queries/install-base';
import { accountScope } from './scope';
import type { Handler } from './types';

export function toInstalledInstrument(row: InstallBaseRow): InstalledInstrument {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    modelSku: row.modelSku,
    modelName: row.modelName,
    site: row.site,
    installedOn: row.installedOn,
    serviceContract: row.serviceContract,
    contractEndsOn: row.contractEndsOn,
    status: row.status,
  };
}

export const getInstallBase: Handler<'getInstallBase'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  return { instruments: (await listInstallBase(ctx.db, account.id)).map(toInstalledInstrument) };
};
