import type { InstalledInstrument } from '@storefront/contracts';
import type { Handler } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { type InstallBaseRow, listInstallBase } from '../queries/install-base';

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
