/** What other capabilities use of approvals: they import it from here, never from its files. */
export {
  awaitingApprovalMessage,
  holdForApproval,
  limitedBuyer,
  mayWaitForApproval,
  mustBeApprovedBeforePayment,
} from './hold';
export { markPlaced, openRequestOf } from './queries/requests';
export type { ApprovalRequestRow } from './tables';
